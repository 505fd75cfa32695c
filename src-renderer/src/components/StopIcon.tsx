// The stop sign of Stop and Cancel buttons: a filled square, as media players draw it. Lucide's Square is an
// outline, which beside a label read as an unticked checkbox (a compare column's Stop has no label at all).
import { type LucideIcon, type LucideProps, Square } from 'lucide-react';
import { forwardRef } from 'react';

export const StopIcon: LucideIcon = forwardRef<SVGSVGElement, LucideProps>(function StopIcon(props, ref) {
  return <Square ref={ref} fill="currentColor" {...props} />;
});
