// Expected verdicts of the yaml-test-suite cases placed inside a valid record, for
// tests/hostile/peer_suites_test.cpp, worked out with the npm package `yaml` (a YAML 1.2 parser
// that passes the whole yaml-test-suite) and the rules of docs/record-format.md, independently of
// referee's readers.
//
// Each case is placed as the `notes:` of samples/collusion/valid/first-to-100.yaml, every line
// indented by two spaces (empty lines stay empty). A `---` that opens the case and a `...` that
// ends it are left out; a case with any other document marker or a directive cannot be placed
// (`skip`). Prints one line per case: suite, case, placement, FNV-1a of the record's bytes,
// expected verdict (see expected.tsv).
//
// Usage: node expect_yaml.cjs PEER_SUITES SOURCE_DIR   (with `yaml` installed: npm install yaml)
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const kMaxDepth = 64;  // formats/read_limits.h

function fnv1a(bytes) {
  let value = 0x811c9dc5;
  for (const byte of bytes) value = Math.imul(value ^ byte, 0x01000193) >>> 0;
  return value.toString(16).padStart(8, '0');
}

function controlAt(text, freeText) {
  for (const c of String(text)) {
    const code = c.codePointAt(0);
    if (code < 0x20 && !(freeText && (c === '\t' || c === '\n'))) return true;
    if (code === 0x7f || (code >= 0x80 && code <= 0x9f)) return true;
  }
  return false;
}

const isMarker = (line, marker) => line.startsWith(marker) && /^($|[ \t])/.test(line.slice(3));

// The case as notes, or null when it cannot be placed.
function Embed(caseText) {
  if (caseText.includes('\ufeff') || caseText.includes('\r')) return null;
  let lines = caseText.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  if (lines.length && isMarker(lines[0], '---')) {
    const rest = lines[0].slice(3).replace(/^[ \t]+/, '');
    if (rest === '' || rest.startsWith('#')) lines.shift(); else lines[0] = rest;
  }
  while (lines.length && (lines[lines.length - 1].trim() === '' ||
                          lines[lines.length - 1].startsWith('#'))) lines.pop();
  if (lines.length && /^\.\.\.[ \t]*(#.*)?$/.test(lines[lines.length - 1])) lines.pop();
  if (lines.some((l) => isMarker(l, '---') || isMarker(l, '...') || l.startsWith('%'))) return null;
  return lines.map((l) => (l === '' ? '' : '  ' + l) + '\n').join('');
}

// How referee's reader types a plain scalar (formats/scalar_shape.h).
function plainKind(text) {
  if (/^(true|True|TRUE|false|False|FALSE)$/.test(text)) return 'bool';
  if (/^(|~|null|Null|NULL)$/.test(text)) return 'null';
  if (/^[-+]?[0-9]+$/.test(text)) return 'integer';
  if (/^[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/.test(text) ||
      /^[-+]?[0-9]+[eE][-+]?[0-9]+$/.test(text)) return 'decimal';
  return 'string';
}

function scalarKind(node) {
  if (node === null || node === undefined) return 'null';
  return node.type === 'PLAIN' ? plainKind(node.value) : 'string';
}

// The readers' refusals inside a node: anchors, aliases, tags, keys that are null, lists or maps,
// a key twice, control characters, nesting.
function refusals(node, depth, found) {
  if (node === null || node === undefined) return;
  if (YAML.isAlias(node)) { found.add('yaml-alias'); return; }
  if (node.anchor) found.add('yaml-anchor');
  if (node.tag) found.add('yaml-tag');
  if (YAML.isScalar(node)) {
    if (scalarKind(node) === 'string' && controlAt(node.value, true)) found.add('control-character');
    return;
  }
  if (depth > kMaxDepth) found.add('too-deep');
  if (YAML.isSeq(node)) {
    for (const item of node.items) {
      // `[a: b]`: a pair in a flow list is a map of one entry.
      if (YAML.isPair(item)) refusals({items: [item]}, depth + 1, found);
      else refusals(item, depth + 1, found);
    }
    return;
  }
  const keys = new Set();
  for (const pair of node.items) {
    const key = pair.key;
    if (YAML.isAlias(key)) found.add('yaml-alias');
    else if (key && (YAML.isSeq(key) || YAML.isMap(key))) {
      found.add('yaml-complex-key');
      refusals(key, depth + 1, found);
    }
    else if (scalarKind(key) === 'null') found.add('yaml-null-key');
    else {
      if (key.anchor) found.add('yaml-anchor');
      if (key.tag) found.add('yaml-tag');
      if (controlAt(key.value, false)) found.add('control-character');
      if (keys.has(String(key.value))) found.add('duplicate-key');
      keys.add(String(key.value));
    }
    refusals(pair.value, depth + 1, found);
  }
}

function Expected(record) {
  const docs = YAML.parseAllDocuments(record, {schema: 'failsafe', uniqueKeys: false});
  if (!Array.isArray(docs) || docs.length !== 1 || docs[0].errors.length > 0) return 'refused';
  if (/[\x7f\x80-\x9f]/.test(record)) return 'malformed:bad-encoding';
  const pair = docs[0].contents.items.find((p) => p.key.value === 'notes');
  const found = new Set();
  refusals(pair.value, 2, found);
  if (found.size > 0) return 'malformed:' + [...found].sort().join('|');
  const kind = YAML.isScalar(pair.value) || !pair.value ? scalarKind(pair.value) : 'collection';
  return kind === 'string' || kind === 'integer' ? 'valid' : 'malformed:bad-type@/notes';
}

const [suites, source] = process.argv.slice(2);
const base = fs.readFileSync(path.join(source, 'samples/collusion/valid/first-to-100.yaml'), 'utf8');
const at = base.indexOf('deals:\n');
for (const line of fs.readFileSync(path.join(suites, 'index.tsv'), 'utf8').split('\n').slice(1)) {
  if (!line) continue;
  const [suite, file, expect] = line.split('\t');
  if (suite !== 'yaml') continue;
  const notes = Embed(fs.readFileSync(path.join(suites, file), 'utf8'));
  if (notes === null) {
    console.log([suite, file, 'notes', '-', 'skip'].join('\t'));
    continue;
  }
  const record = base.slice(0, at) + 'notes:\n' + notes + base.slice(at);
  const answer = expect === 'invalid' ? 'refused' : Expected(record);
  console.log([suite, file, 'notes', fnv1a(Buffer.from(record, 'utf8')), answer].join('\t'));
}
