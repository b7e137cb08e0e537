import { Slot } from '@radix-ui/react-slot';
import * as React from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldError as HookFieldError,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { cn } from '@/lib/utils';
import { Input } from './input';
import { FieldError, Label } from './label';
import { Textarea } from './textarea';

/**
 * One form field as a label, a control and its message, on react-hook-form (shadcn/ui's Form):
 *
 *   <Form {...form}>
 *     <form onSubmit={form.handleSubmit(save)} noValidate>
 *       <FormField control={form.control} name="title" render={({ field }) => (
 *         <FormItem id="problem-title">
 *           <FormLabel>Title</FormLabel>
 *           <FormControl><Input {...field} /></FormControl>
 *           <FormDescription>Shown to everyone.</FormDescription>
 *           <FormMessage />
 *         </FormItem>
 *       )} />
 *
 * FormControl gives its one child the id the label points at, aria-invalid while the field has an
 * error, and aria-describedby naming the description and the message. FormMessage shows the
 * resolver's (the contract's) message for the field, or the first one under it for an object field.
 * A text box needs none of this by hand: TextField (below) is that block with an Input or a Textarea.
 */
export const Form = FormProvider;

const FieldNameContext = React.createContext<string | null>(null);

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FieldNameContext.Provider value={props.name}>
      <Controller {...props} />
    </FieldNameContext.Provider>
  );
}

/** The item's control id, and whether a FormDescription is on the page (so aria-describedby names only what exists). */
const ItemContext = React.createContext<{ id: string; described: boolean; setDescribed(on: boolean): void } | null>(null);

/** The message of an object field (a company as { id, name }, a round) may sit on one of its members. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as HookFieldError;
  if (typeof message === 'string' && message) return message;
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}

/** The current field's ids and error; only inside a FormField's FormItem. */
function useFormField() {
  const name = React.useContext(FieldNameContext);
  const item = React.useContext(ItemContext);
  if (!name || !item) throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name });
  const { error } = getFieldState(name, formState);
  return {
    name,
    controlId: item.id,
    descriptionId: item.described ? `${item.id}-description` : undefined,
    messageId: `${item.id}-error`,
    message: firstMessage(error),
    setDescribed: item.setDescribed,
  };
}

/**
 * A field's block. `id` is the control's id (the message is `${id}-error`), kept stable where a page
 * or a test refers to it; without it one is generated.
 */
export function FormItem({ id, className, ...props }: Omit<React.HTMLAttributes<HTMLDivElement>, 'id'> & { id?: string }) {
  const generated = React.useId();
  const [described, setDescribed] = React.useState(false);
  const item = React.useMemo(() => ({ id: id ?? generated, described, setDescribed }), [id, generated, described]);
  return (
    <ItemContext.Provider value={item}>
      <div className={cn('space-y-2', className)} {...props} />
    </ItemContext.Provider>
  );
}

export function FormLabel(props: Omit<React.ComponentPropsWithoutRef<typeof Label>, 'htmlFor'>) {
  const { controlId } = useFormField();
  return <Label htmlFor={controlId} {...props} />;
}

/** Wraps exactly one control (input, select trigger, combobox button) and wires its id and aria. */
export function FormControl(props: React.ComponentPropsWithoutRef<typeof Slot>) {
  const { controlId, descriptionId, messageId, message } = useFormField();
  const describedBy = [descriptionId, message ? messageId : null].filter(Boolean).join(' ') || undefined;
  return <Slot id={controlId} aria-describedby={describedBy} aria-invalid={!!message} {...props} />;
}

function FormDescription({ className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  const { controlId, setDescribed } = useFormField();
  React.useLayoutEffect(() => {
    setDescribed(true);
    return () => setDescribed(false);
  }, [setDescribed]);
  return <p id={`${controlId}-description`} className={cn('text-xs text-muted-foreground', className)} {...props} />;
}

/** The field's message, in FieldError's look and role (announced when it appears). */
export function FormMessage() {
  const { messageId, message } = useFormField();
  return <FieldError id={messageId} message={message} />;
}

/** What a text box takes besides its field's value and handlers. */
type TextControlProps = Omit<
  React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className' | 'children'
>;

/** A string or a number shows as typed; no value yet (undefined, null) as an empty box. */
const shown = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * One text field: label, Input (a Textarea with `multiline`), description and message, wired as
 * FormItem wires them. `id` as FormItem's; `parse` turns the typed text into the field's value (a
 * number box's number); `action` stands beside the label (a "Forgot password?" link); children come
 * under the message. Other props go to the box (type, placeholder, autoComplete, rows...).
 */
export function TextField<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>, TTransformedValues = TFieldValues>({
  control,
  name,
  id,
  label,
  action,
  description,
  multiline,
  parse,
  className,
  children,
  ...box
}: Pick<UseControllerProps<TFieldValues, TName, TTransformedValues>, 'control' | 'name'> & {
  id?: string;
  label: React.ReactNode;
  action?: React.ReactNode;
  description?: React.ReactNode;
  multiline?: boolean;
  parse?: (text: string) => unknown;
  className?: string;
  children?: React.ReactNode;
} & TextControlProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const props = {
          ...box,
          ...field,
          value: shown(field.value),
          onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.onChange(parse ? parse(event.target.value) : event),
        };
        return (
          <FormItem id={id} className={className}>
            {action ? (
              <div className="flex items-center justify-between">
                <FormLabel>{label}</FormLabel>
                {action}
              </div>
            ) : (
              <FormLabel>{label}</FormLabel>
            )}
            <FormControl>{multiline ? <Textarea {...props} /> : <Input {...props} />}</FormControl>
            {description ? <FormDescription>{description}</FormDescription> : null}
            <FormMessage />
            {children}
          </FormItem>
        );
      }}
    />
  );
}
