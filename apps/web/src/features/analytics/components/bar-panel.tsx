import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const tooltipStyle = { background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 6, color: 'var(--popover-foreground)', fontSize: 12 };

/** A bar chart in the theme's colours; hidden from screen readers, which get the panel's summary instead. */
export function BarPanel({ data, x, y, unit }: { data: Array<Record<string, string | number | null>>; x: string; y: string; unit?: string }) {
  return (
    <div aria-hidden className="h-48">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey={x} tickLine={false} axisLine={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }} />
          <Tooltip cursor={{ fill: 'var(--muted)' }} contentStyle={tooltipStyle} formatter={(v) => (unit ? `${String(v)} ${unit}` : String(v))} />
          <Bar dataKey={y} fill="var(--primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
