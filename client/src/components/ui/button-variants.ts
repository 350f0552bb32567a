import { cva, type VariantProps } from 'class-variance-authority';

/**
 * The button look, kept apart from button.tsx so a page can style a link as a button without
 * loading tailwind-merge (the landing page's JavaScript budget). Extra classes passed through
 * cva's `className` are appended, not merged: a class that fights a variant's (another background
 * or text colour) belongs in a variant here, like `inverse` and `glass` for dark backgrounds.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        // Hover colours are written out: the dark palette turns genie-700 and red-700 light, under white text (1.84:1).
        default: 'bg-genie-600 text-white hover:bg-[#6d28d9]',
        destructive: 'bg-red-600 text-white hover:bg-[oklch(50.5%_0.213_27.518)]',
        outline: 'border border-slate-300 bg-white hover:bg-slate-100',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
        ghost: 'hover:bg-slate-100',
        link: 'text-genie-700 underline-offset-4 hover:underline',
        /** White on a dark background: the main call to action there. */
        inverse: 'bg-white text-genie-800 hover:bg-genie-50',
        /** A translucent outline on a dark background. */
        glass: 'border border-white/25 bg-white/5 text-white hover:bg-white/10',
      },
      size: {
        // The text size lives here, never in the base, so that no two of the classes fight.
        default: 'h-10 px-4 py-2 text-sm',
        sm: 'h-9 px-3 text-sm',
        lg: 'h-11 px-6 text-base',
        icon: 'h-10 w-10 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
