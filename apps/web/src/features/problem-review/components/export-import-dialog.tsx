import { exportData, exportFormats, ExportQuery } from '@app/contracts';
import { ArrowDownUp, Download, Upload } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { downloadExport, useImportProblems } from '../api';

const dataNames: Record<ExportQuery['data'], string> = { problems: 'Problems', sessions: 'Review sessions' };

/** Problems and review sessions out as CSV or JSON; a problems CSV (the export, or title,difficulty,tags) in. */
export function ExportImportDialog() {
  const [open, setOpen] = React.useState(false);
  const [file, setFile] = React.useState<File>();
  const [result, setResult] = React.useState<string>();
  const [problems, setProblems] = React.useState<string[]>([]);
  const importing = useImportProblems();

  const reset = () => {
    setFile(undefined);
    setResult(undefined);
    setProblems([]);
  };

  const download = async (query: ExportQuery) => {
    try {
      await downloadExport(query);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to export' });
    }
  };

  const upload = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setResult(undefined);
    setProblems([]);
    try {
      const { data } = await importing.mutateAsync(await file.text());
      const summary = `Imported ${data.added} problem${data.added === 1 ? '' : 's'}, ${data.skipped} skipped (already tracked or repeated)`;
      setResult(summary);
      toast({ title: 'Import done', description: summary });
    } catch (err) {
      // Each bad row is named by the server (fields "row N"); a file over the limit (413) or the cap (409) says why.
      if (err instanceof ApiError && err.status < 500) {
        setProblems(Object.keys(err.fields).length > 0 ? Object.values(err.fields) : [err.message]);
        setResult('Nothing was imported.');
      } else toast({ variant: 'destructive', title: 'Error', description: 'Failed to import' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), reset())}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ArrowDownUp aria-hidden /> Export / Import
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Export and import</DialogTitle>
          <DialogDescription>Take your problems and reviews anywhere, or bring problems in from a CSV.</DialogDescription>
        </DialogHeader>
        <section aria-labelledby="export-heading" className="space-y-2">
          <h3 id="export-heading" className="font-semibold">
            Export
          </h3>
          {exportData.map((data) => (
            <div key={data} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <p className="font-medium">{dataNames[data]}</p>
              <div className="flex gap-2">
                {exportFormats.map((format) => (
                  <Button
                    key={format}
                    size="sm"
                    variant="secondary"
                    onClick={() => download({ data, format })}
                    aria-label={`Export ${dataNames[data].toLowerCase()} as ${format.toUpperCase()}`}
                  >
                    <Download aria-hidden /> {format.toUpperCase()}
                  </Button>
                ))}
              </div>
            </div>
          ))}
        </section>
        <form onSubmit={upload} className="space-y-2" aria-labelledby="import-heading">
          <h3 id="import-heading" className="font-semibold">
            Import problems
          </h3>
          <Label htmlFor="import-file">CSV file</Label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-hint"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-transparent file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(e) => (reset(), setFile(e.target.files?.[0]))}
          />
          <p id="import-hint" className="text-xs text-muted-foreground">
            Columns title, difficulty (Easy, Medium or Hard) and tags, as the problems export writes them; up to 100 KB. Problems you already track are skipped.
          </p>
          <Button type="submit" size="sm" disabled={!file || importing.isPending}>
            <Upload aria-hidden /> Import
          </Button>
          <p role="status" className="min-h-5 text-sm font-medium" data-testid="import-result">
            {importing.isPending ? 'Importing…' : result}
          </p>
          {problems.length > 0 ? (
            <div role="alert" data-testid="import-problems">
              <ul className="list-disc space-y-1 pl-5 text-sm text-destructive">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
