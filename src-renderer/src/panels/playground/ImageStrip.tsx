import { ImageOff, X } from 'lucide-react';
import { useState } from 'react';
import { attachmentUrl, type ImageAttachment } from '../../../../src-preload/contract.ts';
import { IconButton } from '../../components/Button.tsx';
import { formatNumber } from '../../i18n/format.ts';
import type { RefusedImage } from '../../store/playground.ts';
import { parametersWords } from './parameters-strings.ts';
import './images.css';

interface ImageStripProps {
  images: readonly ImageAttachment[];
  /** Given in the composer: each thumbnail gets a remove button. Absent in a sent turn. */
  onRemove?: (imageId: string) => void;
  /** Shown while main is still copying added images. */
  adding?: boolean;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;

/**
 * A row of thumbnails. Each image is loaded from the app's attachment route by id (main serves only the
 * ids it stored), so the page never holds a path or the bytes.
 */
export function ImageStrip({ images, onRemove, adding = false }: ImageStripProps) {
  const t = parametersWords.useT();
  if (images.length === 0 && !adding) return null;
  return (
    <ul className="pg-images" aria-label={t('images.list')} data-testid="image-strip">
      {images.map((image) => (
        <li
          key={image.id}
          className="pg-images__item"
          data-testid="image-thumb"
          title={`${image.name} · ${formatSize(image.bytes)}`}
        >
          <Thumbnail image={image} />
          {onRemove ? (
            <IconButton
              icon={X}
              label={t('images.remove', { name: image.name })}
              size="sm"
              className="pg-images__remove"
              onClick={() => onRemove(image.id)}
              data-testid="image-remove"
            />
          ) : null}
        </li>
      ))}
      {adding ? (
        <li className="pg-images__item pg-images__item--adding" aria-live="polite">
          {t('images.adding')}
        </li>
      ) : null}
    </ul>
  );
}

/** The image, or its name on a plain tile when it cannot be shown (gone from disk since it was sent). */
function Thumbnail({ image }: { image: ImageAttachment }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="pg-images__missing" data-testid="image-missing">
        <ImageOff size={16} aria-hidden />
        <span className="pg-images__missing-name">{image.name}</span>
      </span>
    );
  }
  return (
    <img
      className="pg-images__img"
      src={attachmentUrl(image.id)}
      alt={image.name}
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}

/** Files the last additions refused, each with main's reason (type, size, unreadable). */
export function RefusedImages({
  refused,
  onDismiss,
}: {
  refused: readonly RefusedImage[];
  onDismiss(): void;
}) {
  const t = parametersWords.useT();
  if (refused.length === 0) return null;
  return (
    <div className="pg-images__refused" role="alert" data-testid="image-refused">
      <ul>
        {refused.map((item, index) => (
          // Two refusals may share a name (the same file dropped twice): the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is only ever appended to or cleared.
          <li key={`${index}-${item.name}`}>{item.message}</li>
        ))}
      </ul>
      <IconButton
        icon={X}
        label={t('images.dismiss')}
        size="sm"
        onClick={onDismiss}
        data-testid="image-refused-dismiss"
      />
    </div>
  );
}
