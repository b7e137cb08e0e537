import { zodResolver } from '@hookform/resolvers/zod';
import { ContactForm, ContactFormInput, contactFormSchema, contactSubjectForType, contactSubjects } from '@app/contracts';
import { Send } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { tryAgainHint } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useSubmitContact } from './api';

const headings: Record<string, { title: string; subtitle: string }> = {
  Feedback: { title: 'Share Feedback', subtitle: 'Tell us what works for you and what does not.' },
  'Feature Request': { title: 'Request a Feature', subtitle: 'Describe what you would like to see; other candidates can vote on it once it is reviewed.' },
  'Bug Report': { title: 'Report a Bug', subtitle: 'What happened, and what did you expect instead?' },
  'General Inquiry': { title: 'Contact Us', subtitle: 'Questions, ideas or anything else: we read every message.' },
};

function ContactFormCard({ subject }: { subject: ContactFormInput['subject'] }) {
  const defaults: ContactFormInput = { name: '', email: '', subject, message: '' };
  const submitContact = useSubmitContact();
  const form = useForm<ContactFormInput, unknown, ContactForm>({ resolver: zodResolver(contactFormSchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await submitContact.mutateAsync(values);
      toast({ title: 'Contact Form Submitted', description: 'Thank you for your message.' });
      form.reset(defaults);
    } catch (err) {
      // Over a limit, the refusal's Retry-After says when sending will work again.
      const hint = tryAgainHint(err);
      toast({ variant: 'destructive', title: 'Error', description: hint ? `Failed to submit contact form. ${hint}` : 'Failed to submit contact form' });
    }
  });
  const describedBy = (name: keyof ContactFormInput) => (errors[name] ? `contact-${name}-error` : undefined);

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="contact-name">Name (optional)</Label>
              <Input id="contact-name" autoComplete="name" aria-invalid={!!errors.name} aria-describedby={describedBy('name')} {...form.register('name')} />
              <FieldError id="contact-name-error" message={errors.name?.message} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="contact-email">Email (optional)</Label>
              <Input
                id="contact-email"
                type="email"
                autoComplete="email"
                aria-invalid={!!errors.email}
                aria-describedby={describedBy('email')}
                {...form.register('email')}
              />
              <FieldError id="contact-email-error" message={errors.email?.message} />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="contact-subject">Subject</Label>
            <Controller
              control={form.control}
              name="subject"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="contact-subject" aria-invalid={!!errors.subject} aria-describedby={describedBy('subject')}>
                    <SelectValue placeholder="Select a subject" />
                  </SelectTrigger>
                  <SelectContent>
                    {contactSubjects.map((s) => (
                      <SelectItem key={s} value={s}>
                        {s}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError id="contact-subject-error" message={errors.subject?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="contact-message">Message</Label>
            <Textarea id="contact-message" rows={6} aria-invalid={!!errors.message} aria-describedby={describedBy('message')} {...form.register('message')} />
            <FieldError id="contact-message-error" message={errors.message?.message} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              <Send aria-hidden /> Submit
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** /contact-form/:type?: the path's type chooses the default subject (spec section 2, Contact). */
export default function ContactPage() {
  const { type } = useParams();
  const subject = contactSubjectForType(type);
  const heading = headings[subject];
  useDocumentTitle(heading.title);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{heading.title}</h1>
        <p className="text-muted-foreground">{heading.subtitle}</p>
      </header>
      {/* A new path is a new form: its subject follows the path, nothing typed carries over. */}
      <ContactFormCard key={subject} subject={subject} />
    </div>
  );
}
