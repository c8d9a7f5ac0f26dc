/** The black response box of Admin Advanced: the text report of the last action, monospace and pre-wrapped. */
export default function ResponseBox({ text }: { text: string }) {
  return (
    <pre
      className="p-3 mb-3 rounded"
      aria-label="Response"
      style={{
        background: '#000',
        color: '#f8f9fa',
        fontFamily: 'var(--bs-font-monospace)',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        maxHeight: '70vh',
        overflow: 'auto',
      }}
    >
      {text}
    </pre>
  );
}
