import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useToasts } from '@/components/ui/use-toast';
import { UpdatePrompt } from '@/features/pwa/components/update-prompt';

// The toast renderer (Radix) loads with the first toast, so pages that never raise one (the
// landing page) never download it; a toast raised before it arrives shows once it does.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LazyToaster />
      <UpdatePrompt />
    </>
  );
}
