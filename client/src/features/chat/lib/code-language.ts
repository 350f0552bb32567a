/** Names people know a language by, for the ids fences use; anything else is shown as written. */
const LANGUAGE_NAMES: Record<string, string> = {
  js: 'JavaScript', javascript: 'JavaScript', jsx: 'JSX', ts: 'TypeScript', typescript: 'TypeScript', tsx: 'TSX',
  py: 'Python', python: 'Python', rb: 'Ruby', ruby: 'Ruby', go: 'Go', golang: 'Go', rs: 'Rust', rust: 'Rust',
  java: 'Java', kt: 'Kotlin', kotlin: 'Kotlin', swift: 'Swift', c: 'C', h: 'C', cpp: 'C++', 'c++': 'C++', cc: 'C++',
  cs: 'C#', csharp: 'C#', 'c#': 'C#', php: 'PHP', sh: 'Shell', bash: 'Bash', zsh: 'Zsh', shell: 'Shell', console: 'Console',
  ps1: 'PowerShell', powershell: 'PowerShell', sql: 'SQL', html: 'HTML', xml: 'XML', css: 'CSS', scss: 'SCSS',
  json: 'JSON', yaml: 'YAML', yml: 'YAML', toml: 'TOML', ini: 'INI', md: 'Markdown', markdown: 'Markdown',
  dockerfile: 'Dockerfile', diff: 'Diff', graphql: 'GraphQL', r: 'R', lua: 'Lua', dart: 'Dart', scala: 'Scala',
  text: 'Text', txt: 'Text', plaintext: 'Text', csv: 'CSV', latex: 'LaTeX', tex: 'LaTeX', math: 'Math',
};

/** The label above a code block: the language's name, or "Code" for a fence that names none. */
export function codeLanguageLabel(language: string | undefined): string {
  if (!language) return 'Code';
  return LANGUAGE_NAMES[language.toLowerCase()] ?? language;
}
