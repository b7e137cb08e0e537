import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type * as React from 'react';

/** The sidebar under 768 px: an 18rem drawer over the page. */
export default function MobileDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange(open: boolean): void; children: React.ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-[18rem] bg-sidebar text-sidebar-foreground shadow-xl"
          data-testid="sidebar-drawer"
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Dialog.Close className="absolute right-3 top-3 rounded-md p-1.5 hover:bg-sidebar-accent" aria-label="Close navigation">
            <X className="size-4" aria-hidden />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
