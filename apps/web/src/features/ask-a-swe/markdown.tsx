import type { Element, ElementContent, Root } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import { createLowlight } from 'lowlight';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { cn } from '@/lib/utils';

/** The languages interview answers are written in; any other fence shows as plain code (each language costs its grammar in this chunk). */
const lowlight = createLowlight({ bash, cpp, go, java, javascript, python, sql, typescript });
lowlight.registerAlias({ bash: ['sh', 'shell'], cpp: ['c++', 'c'], javascript: ['js'], python: ['py'], typescript: ['ts'] });

const text = (nodes: ElementContent[]): string => nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? text(n.children) : '')).join('');

/**
 * Highlights fenced code whose language is known, after sanitising: its spans come from the code's
 * text alone. (rehype-highlight would bring lowlight's 37 common grammars whatever it is given.)
 */
function highlightCode() {
  return (tree: Root) => {
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        const classes = child.tagName === 'code' && node.type === 'element' && node.tagName === 'pre' ? child.properties.className : undefined;
        const language = Array.isArray(classes)
          ? classes
              .map(String)
              .find((c) => c.startsWith('language-'))
              ?.slice('language-'.length)
          : undefined;
        if (language && lowlight.registered(language)) {
          child.children = lowlight.highlight(language, text(child.children)).children as ElementContent[];
          child.properties.className = [...(classes as string[]), 'hljs'];
        } else {
          visit(child);
        }
      }
    };
    visit(tree);
  };
}

const components: Components = {
  // Links from posts are the author's, not the app's endorsement; opened beside the question.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="nofollow ugc noopener noreferrer" />,
};

/** Images would load from any host as the page is read, telling it who reads: a post links to them instead. */
const disallowedElements = ['img'];

/**
 * A post's Markdown, sanitised (GitHub's schema: no raw HTML, scripts, styles or event handlers) with
 * code highlighted. Loaded lazily: only question pages and the ask form's preview need it.
 */
export default function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-3 text-sm leading-relaxed [overflow-wrap:anywhere]',
        '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
        '[&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6',
        '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.85em]',
        '[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:bg-muted [&_pre]:p-3 [&_pre]:font-mono [&_pre]:text-xs',
        // Token colours readable (4.5:1) on the muted background in both themes.
        '[&_.hljs-keyword]:text-violet-700 dark:[&_.hljs-keyword]:text-violet-300 [&_.hljs-string]:text-emerald-800 dark:[&_.hljs-string]:text-emerald-300',
        '[&_.hljs-number]:text-amber-800 dark:[&_.hljs-number]:text-amber-300 [&_.hljs-literal]:text-amber-800 dark:[&_.hljs-literal]:text-amber-300',
        '[&_.hljs-comment]:text-slate-600 [&_.hljs-comment]:italic dark:[&_.hljs-comment]:text-slate-400 [&_.hljs-title]:text-blue-800 dark:[&_.hljs-title]:text-sky-300',
        '[&_.hljs-built\\_in]:text-cyan-800 dark:[&_.hljs-built\\_in]:text-cyan-300 [&_.hljs-type]:text-cyan-800 dark:[&_.hljs-type]:text-cyan-300',
        className,
      )}
    >
      <ReactMarkdown rehypePlugins={[rehypeSanitize, highlightCode]} components={components} disallowedElements={disallowedElements} unwrapDisallowed={false}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
