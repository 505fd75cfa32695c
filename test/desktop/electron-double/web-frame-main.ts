// WebFrameMain, one per document of a frame (a RenderFrameHost): from Electron 33 on, a frame property
// may hand out a detached or disposed instance, or none at all (docs/breaking-changes.md § (33.0)).
import { randomUUID } from 'node:crypto';

export class WebFrameMain {
  /** Unique per document here; compared by the app to tell the top frame (docs/api/web-frame-main.md § frame.frameToken). */
  readonly frameToken = randomUUID();
  readonly routingId: number;
  readonly processId: number;
  readonly parent = null;
  #url: string;
  #disposed = false;
  /** Set while the page runs its unload handlers (docs/api/web-frame-main.md § frame.detached). */
  detached = false;

  constructor(url: string, processId: number, routingId: number) {
    this.#url = url;
    this.processId = processId;
    this.routingId = routingId;
  }

  get url(): string {
    // A disposed frame throws on most getters (T api-web-frame-main-spec.ts "disposes detached frame…").
    if (this.#disposed) throw new Error('Render frame was disposed before WebFrameMain could be accessed');
    return this.#url;
  }

  get top(): WebFrameMain {
    return this;
  }

  get frames(): WebFrameMain[] {
    return [];
  }

  isDestroyed(): boolean {
    return this.#disposed;
  }

  dispose(): void {
    this.#disposed = true;
  }
}
