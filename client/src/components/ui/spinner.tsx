import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export const Spinner = ({ className }: { className?: string }) => (
  <Loader2 aria-hidden="true" className={cn('h-5 w-5 animate-spin text-genie-600', className)} />
);
