import { Zap } from 'lucide-react';
import * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ThemeToggle } from '@/components/theme';

/** The signed-out pages' frame (sign-in, recovery, the e-mail's unsubscribe): the bolt, a heading and a line under it, the card's content. */
export function AuthCard({ title, description, children }: { title: string; description: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="relative flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-background to-amber-50 p-4 dark:from-indigo-950/40 dark:via-background dark:to-background">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Zap className="size-6 fill-current text-bolt" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold leading-none tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">{children}</CardContent>
      </Card>
    </main>
  );
}
