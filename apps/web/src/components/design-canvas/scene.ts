import type { ExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { BinaryFiles } from '@excalidraw/excalidraw/types';

/** The drawing as Excalidraw gives it and takes it back; the server keeps it as JSON. */
export interface DesignScene {
  elements: readonly ExcalidrawElement[];
  files: BinaryFiles;
}
