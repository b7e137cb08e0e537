import { lazy, Suspense } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';

const Markdown = lazy(() => import('./markdown'));

/** A post's Markdown rendered; its plain text shows while the renderer's code loads. */
export function PostBody({ source }: { source: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">{source}</p>}>
      <Markdown source={source} />
    </Suspense>
  );
}

/** A Markdown field with a Preview tab showing it as readers will see it. */
export function MarkdownEditor({
  id,
  value,
  onChange,
  maxLength,
  invalid,
  describedBy,
  rows = 8,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  invalid?: boolean;
  describedBy?: string;
  rows?: number;
}) {
  return (
    <Tabs defaultValue="write" className="space-y-2">
      <TabsList className="w-auto" aria-label="Write or preview">
        <TabsTrigger value="write">Write</TabsTrigger>
        <TabsTrigger value="preview">Preview</TabsTrigger>
      </TabsList>
      <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
        <Textarea
          id={id}
          value={value}
          rows={rows}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="font-mono"
        />
        <p className="mt-1 text-xs text-muted-foreground">
          Markdown: **bold**, `code`, ```python fenced blocks```, - lists, [links](https://…). {maxLength - value.length} characters left.
        </p>
      </TabsContent>
      <TabsContent value="preview" className="min-h-24 rounded-md border p-3">
        {value.trim() ? <PostBody source={value} /> : <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>}
      </TabsContent>
    </Tabs>
  );
}
