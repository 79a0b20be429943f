import { graphql, useFragment } from 'react-relay/hooks';
import type { CodeBlockEmbed_codeBlock$key } from '@generated/CodeBlockEmbed_codeBlock.graphql';
import { useMessages } from '../../i18n/useMessages';
import { codeLanguageName } from './codeLanguageName';

export function CodeBlockEmbed({ codeBlock }: { codeBlock: CodeBlockEmbed_codeBlock$key }) {
  const t = useMessages();
  const { language, code, caption } = useFragment(
    graphql`
      fragment CodeBlockEmbed_codeBlock on CodeBlock {
        language
        code
        caption
      }
    `,
    codeBlock,
  );
  const label = language.trim()
    ? t('code.label', { language: codeLanguageName(language) })
    : t('code.labelPlain');
  return (
    <figure className="rich-text__code">
      <pre tabIndex={0} aria-label={caption ?? label}>
        <code data-language={language}>{code}</code>
      </pre>
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
