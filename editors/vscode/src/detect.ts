// The rule that tells TOSCA and HOT files from other YAML, the same as the
// server's (index.Detect in Go; testdata/detect/cases.json holds the cases
// every integration is tested against).

export type Dialect = 'tosca' | 'heat' | 'heat-environment';

/** Only this many bytes (UTF-8) from the start of a file are looked at. */
export const DETECT_LIMIT = 64 * 1024;

// A top-level key at the start of a line (column 0), bare or in matching
// quotes, then ':' and a blank or the end. Without the m flag, ^ and $ are
// the ends of the text, so lines end exactly at \r or \n as in Go.
const versionKey = /(?:^|[\r\n])(["']?)(tosca_definitions_version|heat_template_version)\1[ \t]*:(?:[ \t\r\n]|$)/;

// Without a version key, a Heat environment file has one of these keys.
const environmentKey = /(?:^|[\r\n])(["']?)(resource_registry|parameter_defaults)\1[ \t]*:(?:[ \t\r\n]|$)/;

/** The dialect of a text by the shared rule, or undefined for other YAML. */
export function detect(text: string): Dialect | undefined {
  const h = head(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const m = versionKey.exec(h);
  if (!m) {
    return environmentKey.test(h) ? 'heat-environment' : undefined;
  }
  return m[2] === 'tosca_definitions_version' ? 'tosca' : 'heat';
}

/** The editor language of a dialect: environment files are Heat's too. */
export function languageOf(d: Dialect): 'tosca' | 'heat' {
  return d === 'tosca' ? 'tosca' : 'heat';
}

// head cuts text to its first DETECT_LIMIT UTF-8 bytes. A UTF-16 code unit
// is at least one byte, so only the first DETECT_LIMIT units need encoding.
function head(text: string): string {
  const units = text.slice(0, DETECT_LIMIT);
  const bytes = Buffer.from(units, 'utf8');
  if (bytes.length <= DETECT_LIMIT) {
    return units;
  }
  return bytes.subarray(0, DETECT_LIMIT).toString('utf8');
}

/** Whether an edit that starts at this offset can change what detect says. */
export function touchesHead(rangeOffset: number): boolean {
  return rangeOffset <= DETECT_LIMIT;
}
