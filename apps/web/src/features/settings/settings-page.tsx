import { zodResolver } from '@hookform/resolvers/zod';
import { Profile, UpdateProfile, UpdateProfileInput, updateProfileSchema } from '@app/contracts';
import { Award, BadgeCheck, Building2, GraduationCap, LogOut, MapPin, Pencil, Briefcase } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/lib/auth';
import { useCompanies, useProfile, useReputation, useUpdateProfile } from './api';
import { EmailConfirmation } from './email-confirmation';
import { EmailSettings } from './email-settings';
import { TimeZoneSetting } from './time-zone';

const NO_COMPANY = 'none';

type FormValues = { username: string; current_company_id: string; years_of_experience: string; number_of_internships: string; location: string };

const toForm = (p: Profile): FormValues => ({
  username: p.username,
  current_company_id: p.current_company_id ?? '',
  years_of_experience: p.years_of_experience?.toString() ?? '',
  number_of_internships: p.number_of_internships?.toString() ?? '',
  location: p.location ?? '',
});

const shown = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? 'Undisclosed' : String(value));

function Fact({ icon: Icon, label, value }: { icon: typeof MapPin; label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-sm">
      <Icon className="size-4 text-muted-foreground" aria-hidden />
      <span className="text-muted-foreground">{label}</span>
      <span className="ml-auto text-right font-medium">{value}</span>
    </div>
  );
}

export default function SettingsPage() {
  useDocumentTitle('Profile Settings');
  const { user, signOut } = useAuth();
  const profile = useProfile();
  const companies = useCompanies();
  const reputation = useReputation();
  const update = useUpdateProfile();
  const [editing, setEditing] = React.useState(false);
  const form = useForm<UpdateProfileInput, unknown, UpdateProfile>({ resolver: zodResolver(updateProfileSchema) });

  React.useEffect(() => {
    if (profile.data) form.reset(toForm(profile.data) as UpdateProfileInput);
  }, [profile.data, form]);

  if (profile.isPending) return <PagePlaceholder />;
  if (profile.isError || !profile.data) throw profile.error ?? new Error('Could not load your profile');
  const saved = profile.data;
  const company = companies.data?.find((c) => c.id === saved.current_company_id);

  const cancel = () => {
    form.reset(toForm(saved) as UpdateProfileInput);
    setEditing(false);
  };

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Profile updated' });
      setEditing(false);
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields)) form.setError(field as keyof FormValues, { message });
      }
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update profile. Please try again.' });
    }
  });

  const logout = async () => {
    try {
      await signOut();
      toast({ title: 'Logged out' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to log out. Please try again.' });
    }
  };

  const field = (name: keyof FormValues, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormItem id={name}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...props} {...f} value={String(f.value ?? '')} disabled={!editing} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Profile Settings</h1>
          <p className="text-muted-foreground">How other candidates see you, and what we tailor to you.</p>
        </div>
        <Button variant="outline" onClick={logout}>
          <LogOut aria-hidden /> Logout
        </Button>
      </header>
      <div className="grid gap-6 md:grid-cols-[20rem_1fr]">
        <Card>
          <CardHeader className="items-center text-center">
            <UserAvatar name={saved.username} src={(user?.user_metadata as { avatar_url?: string })?.avatar_url} className="size-20 text-xl" />
            <CardTitle className="pt-2" data-testid="profile-username">
              {saved.username}
            </CardTitle>
            <CardDescription>{user?.email}</CardDescription>
            <EmailConfirmation user={user} />
          </CardHeader>
          <CardContent className="space-y-3">
            <Fact
              icon={Building2}
              label="Company"
              value={
                <span className="inline-flex items-center gap-2">
                  {company?.name ?? 'Undisclosed'}
                  {saved.verified_company ? (
                    <Badge variant="success">
                      <BadgeCheck className="size-3" aria-hidden /> Verified
                    </Badge>
                  ) : null}
                </span>
              }
            />
            <Fact icon={MapPin} label="Location" value={shown(saved.location)} />
            <Fact icon={Briefcase} label="Years of experience" value={shown(saved.years_of_experience)} />
            <Fact icon={GraduationCap} label="Internships" value={shown(saved.number_of_internships)} />
            <Fact icon={Award} label="Ask a SWE reputation" value={reputation.data?.reputation.toLocaleString('en-US') ?? '…'} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-start justify-between space-y-0">
            <div className="space-y-1.5">
              <CardTitle>Your details</CardTitle>
              <CardDescription>Your company is verified when your sign-in e-mail is on its domain and confirmed.</CardDescription>
            </div>
            <Button variant={editing ? 'secondary' : 'outline'} size="sm" aria-pressed={editing} onClick={() => (editing ? cancel() : setEditing(true))}>
              <Pencil aria-hidden /> {editing ? 'Editing' : 'Edit'}
            </Button>
          </CardHeader>
          <CardContent>
            <Form {...form}>
              <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-2">
                <div className="sm:col-span-2">{field('username', 'Username', { autoComplete: 'username' })}</div>
                <FormField
                  control={form.control}
                  name="current_company_id"
                  render={({ field: f }) => (
                    <FormItem id="current_company_id" className="sm:col-span-2">
                      <FormLabel>Current Company</FormLabel>
                      <Select value={(f.value as string) || NO_COMPANY} onValueChange={(v) => f.onChange(v === NO_COMPANY ? '' : v)} disabled={!editing}>
                        <FormControl>
                          <SelectTrigger ref={f.ref}>
                            <SelectValue placeholder="Select a company" />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          <SelectItem value={NO_COMPANY}>No company</SelectItem>
                          {companies.data?.map((c) => (
                            <SelectItem key={c.id} value={c.id}>
                              {c.name}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                {field('years_of_experience', 'Years of Experience', { type: 'number', min: 0, max: 40, inputMode: 'numeric' })}
                {field('number_of_internships', 'Number of Internships', { type: 'number', min: 0, max: 10, inputMode: 'numeric' })}
                <div className="sm:col-span-2">{field('location', 'Location', { placeholder: 'City, Country', autoComplete: 'address-level2' })}</div>
                {editing ? (
                  <div className="flex justify-end gap-2 sm:col-span-2">
                    <Button type="button" variant="outline" onClick={cancel}>
                      Cancel
                    </Button>
                    <Button type="submit" disabled={form.formState.isSubmitting}>
                      {form.formState.isSubmitting ? 'Saving...' : 'Save Changes'}
                    </Button>
                  </div>
                ) : null}
              </form>
            </Form>
          </CardContent>
        </Card>
      </div>
      <TimeZoneSetting />
      <EmailSettings />
    </div>
  );
}
