import { zodResolver } from '@hookform/resolvers/zod';
import { ContactForm, ContactFormInput, contactFormSchema, contactSubjectForType, contactSubjects } from '@app/contracts';
import { Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, TextField } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { tryAgainHint } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { useSubmitContact } from './api';

const headings: Record<string, { title: string; subtitle: string }> = {
  Feedback: { title: 'Share Feedback', subtitle: 'Tell us what works for you and what does not.' },
  'Feature Request': { title: 'Request a Feature', subtitle: 'Describe what you would like to see; other candidates can vote on it once it is reviewed.' },
  'Bug Report': { title: 'Report a Bug', subtitle: 'What happened, and what did you expect instead?' },
  'General Inquiry': { title: 'Contact Us', subtitle: 'Questions, ideas or anything else: we read every message.' },
};

function ContactFormCard({ subject }: { subject: ContactFormInput['subject'] }) {
  const defaults: ContactFormInput = { name: '', email: '', subject, title: '', message: '' };
  const submitContact = useSubmitContact();
  const { user } = useAuth();
  const form = useForm<ContactFormInput, unknown, ContactForm>({ resolver: zodResolver(contactFormSchema), defaultValues: defaults });
  const { isSubmitting } = form.formState;
  // A feature request is listed by its title; the message describes it.
  const isRequest = useWatch({ control: form.control, name: 'subject' }) === 'Feature Request';

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

  return (
    <Card>
      <CardContent className="pt-6">
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="name" id="contact-name" label="Name (optional)" autoComplete="name" />
              <TextField
                control={form.control}
                name="email"
                id="contact-email"
                label="Email (optional)"
                type="email"
                autoComplete="email"
                // Signed in, the account's address is where the answer goes; signed out, only this one.
                description={user ? undefined : 'We can answer only if you give your e-mail.'}
              />
            </div>
            <FormField
              control={form.control}
              name="subject"
              render={({ field }) => (
                <FormItem id="contact-subject">
                  <FormLabel>Subject</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger ref={field.ref}>
                        <SelectValue placeholder="Select a subject" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {contactSubjects.map((s) => (
                        <SelectItem key={s} value={s}>
                          {s}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            {isRequest ? <TextField control={form.control} name="title" id="contact-title" label="Title" /> : null}
            <TextField control={form.control} name="message" id="contact-message" label="Message" multiline rows={6} />
            <div className="flex justify-end">
              <Button type="submit" disabled={isSubmitting}>
                <Send aria-hidden /> Submit
              </Button>
            </div>
          </form>
        </Form>
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
