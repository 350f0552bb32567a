/**
 * SPEC §2 landing page: the six use cases, in the order the dropdown shows them. Zod-free so the
 * landing page can import it without shipping a validation library.
 */
export const USE_CASES = [
  { value: 'content-comms', label: 'Content and comms' },
  { value: 'workflow-automation', label: 'Workflow automation' },
  { value: 'private-support', label: 'Private support' },
  { value: 'data-analysis', label: 'Data analysis' },
  { value: 'hr-compliance', label: 'HR and compliance' },
  { value: 'research-planning', label: 'Research and planning' },
] as const;
