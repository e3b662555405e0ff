// Text anyone can send (a checkout's name, a webhook's body, a request path) reaches the terminal
// through human output. Its control characters are shown, not obeyed, as gh shows them (caret
// notation for C0 and DEL, the code for C1): no escape sequence from data can set the title,
// write the clipboard (OSC 52) or clear the screen. Tab and line feed pass; `--json` is not touched.

/** The SGR sequences the CLI's own colours use (chalk's bold, dim, red, green, yellow and their ends). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI's own colour sequences
const OWN_COLOUR = /^\x1b\[(?:1|2|22|31|32|33|39)m$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is escaped
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is escaped
const CONTROLS_OR_COLOUR = /\x1b\[[0-9;]*m|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g

function shown(ch: string): string {
  const code = ch.charCodeAt(0)
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`
  if (code === 0x7f) return '^?'
  return `\\u${code.toString(16).padStart(4, '0')}`
}

/**
 * `text` with every control character but tab and line feed made visible (`ESC` as `^[`, `CR` as
 * `^M`, U+009B as `\u009b`). With `keepOwnColours`, the colour sequences the CLI itself writes
 * stay as they are; any other sequence is escaped.
 */
export function escapeControls(text: string, keepOwnColours = false): string {
  if (!CONTROL.test(text)) return text
  return text.replace(CONTROLS_OR_COLOUR, (match) => {
    if (match.length > 1) return keepOwnColours && OWN_COLOUR.test(match) ? match : [...match].map(shownOrSame).join('')
    return shown(match)
  })
}

const shownOrSame = (ch: string) => (CONTROL.test(ch) ? shown(ch) : ch)
