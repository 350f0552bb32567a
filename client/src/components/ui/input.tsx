import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';
import { inputClasses } from './field-classes';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
