import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn, initials } from '@/lib/utils';

export function UserAvatar({ name, src, className }: { name: string | null | undefined; src?: string | null; className?: string }) {
  return (
    <AvatarPrimitive.Root aria-hidden className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)}>
      {src ? <AvatarPrimitive.Image className="aspect-square size-full" src={src} alt="" /> : null}
      <AvatarPrimitive.Fallback className="flex size-full items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
