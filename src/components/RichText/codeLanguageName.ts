/**
 * How a code block's language is named to a reader (the label screen readers
 * give the block): writers name it as their Markdown fence or CMS field does
 * (`python`, `sh`, `js`); readers read the language's own name, spelled as it
 * is written (`Python`, `Shell`, `JavaScript`), the same in every locale.
 */
const NAMES: Readonly<Record<string, string>> = {
  bash: 'Bash',
  c: 'C',
  'c++': 'C++',
  cpp: 'C++',
  cs: 'C#',
  csharp: 'C#',
  css: 'CSS',
  diff: 'Diff',
  dockerfile: 'Dockerfile',
  go: 'Go',
  graphql: 'GraphQL',
  html: 'HTML',
  java: 'Java',
  javascript: 'JavaScript',
  js: 'JavaScript',
  json: 'JSON',
  jsx: 'JSX',
  kotlin: 'Kotlin',
  markdown: 'Markdown',
  md: 'Markdown',
  php: 'PHP',
  py: 'Python',
  python: 'Python',
  rb: 'Ruby',
  ruby: 'Ruby',
  rust: 'Rust',
  sh: 'Shell',
  shell: 'Shell',
  sql: 'SQL',
  swift: 'Swift',
  toml: 'TOML',
  ts: 'TypeScript',
  tsx: 'TSX',
  typescript: 'TypeScript',
  xml: 'XML',
  yaml: 'YAML',
  yml: 'YAML',
  zsh: 'Zsh',
};

/** The language's name for a reader; one not listed as the writer wrote it, its first letter a capital. */
export function codeLanguageName(language: string): string {
  const written = language.trim();
  return (
    NAMES[written.toLowerCase()] ?? written.charAt(0).toLocaleUpperCase('en') + written.slice(1)
  );
}
