import { useState } from 'preact/hooks';

/**
 * The curl converter's home. The parser and the code generators plug in
 * here; until a command is pasted it explains what the tab does.
 */
export function ConverterTab() {
  const [command, setCommand] = useState('');
  return (
    <div class="converter">
      <label class="stacked">
        <span>curl command</span>
        <textarea
          class="code-input"
          rows={8}
          spellcheck={false}
          placeholder={"curl 'https://api.example.com/items' -H 'Accept: application/json'"}
          value={command}
          onInput={(e) => setCommand(e.currentTarget.value)}
        />
      </label>
      <section class="output" aria-label="Generated code">
        <p class="empty">
          Paste a curl command (bash, cmd or PowerShell “Copy as cURL”) to turn it into client code that sends the same
          request.
        </p>
      </section>
    </div>
  );
}
