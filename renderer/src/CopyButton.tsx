/**
 * "Copy" beside a value a person would otherwise retype (an address, an exact amount). The Clipboard
 * API needs a secure context; a till opened over the shop's network by plain http is none, so the old
 * copy command is the fallback. The button says what happened for a moment.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

function copyByCommand(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'offscreen';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  // What happened, as a key: the words follow the language even while shown.
  const [said, setSaid] = useState<'copied' | 'copyFailed'>();
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(undefined), 2000);
    return () => clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(text);
        setSaid('copied');
        return;
      } catch {
        // permission refused: try the old way
      }
    }
    setSaid(copyByCommand(text) ? 'copied' : 'copyFailed');
  };
  return (
    <>
      <button type="button" className="copy secondary" aria-label={label} onClick={() => void copy()}>
        {t(`actions.${said ?? 'copy'}`)}
      </button>
      <span className="offscreen" role="status">
        {said ? t(`actions.${said}`) : ''}
      </span>
    </>
  );
}
