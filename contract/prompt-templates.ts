/**
 * The six AI templates of /app's dropdown (SPEC §2 keeps their names and order). Choosing one opens
 * /chat?template=<slug> with its body in the composer, where its {{placeholders}} are asked for
 * (issue 42). Built in: no server call and nothing stored.
 */
export interface BuiltInTemplate {
  slug: string;
  name: string;
  body: string;
}

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    slug: 'professional-email',
    name: 'Professional Email',
    body: 'Write a professional email to {{recipient}} about {{subject}}. Keep it clear, courteous and under 200 words, and end with a concrete next step.',
  },
  {
    slug: 'blog-post',
    name: 'Blog Post',
    body: 'Write a blog post of about 800 words on {{topic}} for {{audience}}, with a title, short sections under headings and a closing call to action.',
  },
  {
    slug: 'contract-draft',
    name: 'Contract Draft',
    body: 'Draft a {{contract type}} between {{party A}} and {{party B}} covering scope, payment, term, termination and confidentiality. Mark every point a lawyer should check.',
  },
  {
    slug: 'business-report',
    name: 'Business Report',
    body: 'Write a business report on {{subject}} for {{period}}: an executive summary, key figures, findings, risks and recommendations.',
  },
  {
    slug: 'hr-policy',
    name: 'HR Policy',
    body: 'Draft an HR policy on {{policy topic}} for a company of {{company size}} people: purpose, scope, the rules, responsibilities and how exceptions are handled.',
  },
  {
    slug: 'project-proposal',
    name: 'Project Proposal',
    body: 'Write a project proposal for {{project}}: the problem, goals, scope, timeline, budget of {{budget}}, risks and how success is measured.',
  },
];

export const builtInTemplate = (slug: string): BuiltInTemplate | undefined => BUILT_IN_TEMPLATES.find((t) => t.slug === slug);
