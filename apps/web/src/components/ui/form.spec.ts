import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Combobox } from './combobox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, TextField } from './form';

type Values = { title: string; company: { id: string | null; name: string } };

/** One server render of a form whose fields carry the given errors (as the resolver would set them). */
function render(errors: FieldErrors<Values>, control: (name: 'title' | 'company') => ReactNode, id?: string) {
  function Page() {
    const form = useForm<Values>({ defaultValues: { title: '', company: { id: null, name: '' } }, errors });
    const fields = (['title', 'company'] as const).map((name) =>
      h(FormField<Values, typeof name>, {
        key: name,
        control: form.control,
        name,
        render: () => h(FormItem, { id: id && `${id}-${name}` }, h(FormLabel, null, name), h(FormControl, null, control(name)), h(FormMessage)),
      }),
    );
    return h(Form<Values>, { ...form, children: fields });
  }
  return renderToStaticMarkup(h(Page));
}

const input = () => h('input');

describe('Form', () => {
  it('points the label at the control and leaves a valid field unflagged and undescribed', () => {
    const html = render({}, input, 'problem');
    expect(html).toContain('<label class="text-sm font-medium leading-none" for="problem-title">title</label><input id="problem-title" aria-invalid="false"/>');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('aria-describedby');
  });

  it("flags the control, names the message in aria-describedby and shows the contract's message as an alert", () => {
    const html = render({ title: { type: 'too_small', message: 'Title is required' } }, input, 'problem');
    expect(html).toContain('<input id="problem-title" aria-describedby="problem-title-error" aria-invalid="true"/>');
    expect(html).toContain('<p id="problem-title-error" role="alert" class="text-sm font-medium text-destructive">Title is required</p>');
  });

  it("shows an object field's message from the member that has it", () => {
    const html = render({ company: { name: { type: 'too_small', message: 'Company is required' } } }, input, 'interview');
    expect(html).toContain('<input id="interview-company" aria-describedby="interview-company-error" aria-invalid="true"/>');
    expect(html).toContain('>Company is required</p>');
  });

  it('generates distinct ids when none is given', () => {
    const html = render({}, input);
    const ids = [...html.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
  });
});

describe('TextField', () => {
  /** One server render of a TextField for `title` with the given props, its field carrying the given errors. */
  function renderText(errors: FieldErrors<Values>, props: Partial<Parameters<typeof TextField<Values, 'title'>>[0]>) {
    function Page() {
      const form = useForm<Values>({ defaultValues: { title: 'Two Sum', company: { id: null, name: '' } }, errors });
      return h(Form<Values>, { ...form, children: h(TextField<Values, 'title'>, { control: form.control, name: 'title', label: 'Title', ...props }) });
    }
    return renderToStaticMarkup(h(Page));
  }

  it("is the label, the box with the field's value, the description and the message, wired by id", () => {
    const html = renderText(
      { title: { type: 'too_small', message: 'Title is required' } },
      { id: 'problem-title', description: 'Shown to everyone.', placeholder: 'e.g. Two Sum' },
    );
    expect(html).toContain('<label class="text-sm font-medium leading-none" for="problem-title">Title</label>');
    // The description joins aria-describedby once mounted (FormDescription's layout effect), not on the server.
    expect(html).toMatch(/<input [^>]*placeholder="e.g. Two Sum"[^>]*id="problem-title" aria-describedby="problem-title-error" aria-invalid="true"[^>]*>/);
    expect(html).toMatch(/<input [^>]*value="Two Sum"/);
    expect(html).toContain('<p id="problem-title-description" class="text-xs text-muted-foreground">Shown to everyone.</p>');
    expect(html).toContain('<p id="problem-title-error" role="alert" class="text-sm font-medium text-destructive">Title is required</p>');
  });

  it('is a textarea when multiline, with what stands beside the label and under the message', () => {
    const html = renderText({}, { id: 'notes', multiline: true, rows: 3, action: h('a', { href: '/help' }, 'Help'), children: h('p', null, 'Listed already') });
    expect(html).toContain(
      '<div class="flex items-center justify-between"><label class="text-sm font-medium leading-none" for="notes">Title</label><a href="/help">Help</a></div>',
    );
    expect(html).toMatch(/<textarea [^>]*rows="3"[^>]*id="notes" aria-invalid="false"[^>]*>Two Sum<\/textarea><p>Listed already<\/p>/);
    expect(html).not.toContain('aria-describedby');
  });
});

describe('Combobox', () => {
  const options = [
    { value: 'a1', label: 'Acme' },
    { value: 'b2', label: 'Globex' },
  ];
  const picker = (value: string | undefined) => () =>
    h(Combobox, {
      options,
      label: 'Companies',
      value,
      onValueChange: () => undefined,
      placeholder: 'Select a company',
      searchPlaceholder: 'Search...',
      searchLabel: 'Search companies',
      emptyText: 'None',
    });

  it('is a closed combobox showing the placeholder, then the chosen label, with the field wiring from FormControl', () => {
    const empty = render({}, picker(undefined), 'interview');
    expect(empty).toMatch(/<button[^>]*role="combobox"[^>]*aria-expanded="false"[^>]*>/);
    expect(empty).toMatch(/<button[^>]*id="interview-title"/);
    expect(empty).toContain('Select a company');
    const chosen = render({ title: { type: 'custom', message: 'Pick one' } }, picker('b2'), 'interview');
    expect(chosen).toContain('Globex');
    expect(chosen).not.toContain('Select a company');
    expect(chosen).toMatch(/<button[^>]*aria-invalid="true"[^>]*>/);
    expect(chosen).toMatch(/<button[^>]*aria-describedby="interview-title-error"/);
  });
});
