import { convertToExcalidrawElements, Excalidraw, exportToBlob, exportToSvg, hashElementsVersion } from '@excalidraw/excalidraw';
import '@excalidraw/excalidraw/index.css';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { Download, Workflow } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { DesignScene } from './scene';

declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}
// Excalidraw's fonts are served from our own origin (copied by vite.config's excalidrawFonts): the
// Content-Security-Policy allows no font CDN.
window.EXCALIDRAW_ASSET_PATH = '/excalidraw/';

/** The page's theme, followed as the header's toggle changes the root's class. */
function useDocumentTheme(): 'light' | 'dark' {
  const read = (): 'light' | 'dark' => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');
  const [theme, setTheme] = React.useState(read);
  React.useEffect(() => {
    const observer = new MutationObserver(() => setTheme(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url));
}

function MermaidDialog({ open, onOpenChange, onAdd }: { open: boolean; onOpenChange: (open: boolean) => void; onAdd: (definition: string) => Promise<void> }) {
  const [definition, setDefinition] = React.useState('');
  const [error, setError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);
  const add = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onAdd(definition);
      setDefinition('');
      onOpenChange(false);
    } catch (err) {
      setError(`That is not a diagram Mermaid can read: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mermaid to shapes</DialogTitle>
          <DialogDescription>Paste a Mermaid flowchart or sequence diagram: it becomes boxes and arrows you can move and label.</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="mermaid-definition">Mermaid diagram</Label>
          <Textarea
            id="mermaid-definition"
            rows={8}
            className="font-mono text-sm"
            placeholder={'flowchart LR\n  Client --> LB[Load balancer] --> API --> Cache'}
            value={definition}
            onChange={(e) => setDefinition(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? 'mermaid-error' : undefined}
          />
          {error ? (
            <p id="mermaid-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button onClick={add} disabled={busy || !definition.trim()}>
            {busy ? 'Adding…' : 'Add to canvas'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The drawing canvas (Excalidraw), with Mermaid import and PNG/SVG export: System Design's practice
 * screen and a system design mock interview load it lazily, so Excalidraw and its styles are this
 * chunk's weight, not the first page's.
 * `onChange` is told only when the drawing itself changed (not on every pointer move or zoom).
 */
export default function DesignCanvas({
  initialScene,
  onChange,
  readOnly = false,
  fileName,
}: {
  initialScene: DesignScene | null;
  onChange?: (scene: DesignScene) => void;
  readOnly?: boolean;
  fileName: string;
}) {
  const theme = useDocumentTheme();
  const [api, setApi] = React.useState<ExcalidrawImperativeAPI | null>(null);
  const [mermaidOpen, setMermaidOpen] = React.useState(false);
  const [initialData] = React.useState(() => ({
    elements: initialScene?.elements ?? [],
    files: initialScene?.files ?? {},
    appState: { viewBackgroundColor: 'transparent' },
    scrollToContent: true,
  }));
  // Excalidraw calls onChange for every pointer move: only a new element version or file is a change.
  const lastVersion = React.useRef(`${hashElementsVersion(initialData.elements)}:${Object.keys(initialData.files).length}`);

  const changed: NonNullable<React.ComponentProps<typeof Excalidraw>['onChange']> = (elements, _appState, files) => {
    const version = `${hashElementsVersion(elements)}:${Object.keys(files).length}`;
    if (version === lastVersion.current) return;
    lastVersion.current = version;
    onChange?.({ elements: elements as DesignScene['elements'], files });
  };

  const addMermaid = async (definition: string) => {
    if (!api) return;
    const { parseMermaidToExcalidraw } = await import('@excalidraw/mermaid-to-excalidraw');
    const { elements, files } = await parseMermaidToExcalidraw(definition);
    const shapes = convertToExcalidrawElements(elements, { regenerateIds: true });
    api.updateScene({ elements: [...api.getSceneElementsIncludingDeleted(), ...shapes] });
    if (files) api.addFiles(Object.values(files));
    api.scrollToContent(shapes, { fitToContent: true });
  };

  // Excalidraw's menu button is an icon with no name (axe: button-name): it is named here, again whenever Excalidraw renders a new one.
  const frame = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const name = () => root.querySelectorAll('.main-menu-trigger:not([aria-label])').forEach((button) => button.setAttribute('aria-label', 'Canvas menu'));
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  const exportAs = async (format: 'png' | 'svg') => {
    if (!api) return;
    const scene = { elements: api.getSceneElements(), appState: { ...api.getAppState(), exportBackground: true }, files: api.getFiles() };
    if (format === 'png') download(await exportToBlob({ ...scene, mimeType: 'image/png' }), `${fileName}.png`);
    else download(new Blob([(await exportToSvg(scene)).outerHTML], { type: 'image/svg+xml' }), `${fileName}.svg`);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Canvas actions">
        {readOnly ? null : (
          <Button variant="outline" size="sm" onClick={() => setMermaidOpen(true)} disabled={!api}>
            <Workflow aria-hidden /> Mermaid to shapes
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => exportAs('png')} disabled={!api}>
          <Download aria-hidden /> Export PNG
        </Button>
        <Button variant="outline" size="sm" onClick={() => exportAs('svg')} disabled={!api}>
          <Download aria-hidden /> Export SVG
        </Button>
      </div>
      <div ref={frame} className="h-[480px] overflow-hidden rounded-lg border lg:h-[600px]" data-testid="design-canvas">
        <Excalidraw
          initialData={initialData}
          excalidrawAPI={setApi}
          onChange={readOnly ? undefined : changed}
          viewModeEnabled={readOnly}
          theme={theme}
          name={fileName}
          UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false, export: false, saveAsImage: false } }}
        />
      </div>
      <MermaidDialog open={mermaidOpen} onOpenChange={setMermaidOpen} onAdd={addMermaid} />
    </div>
  );
}
