// PrescanYaml: a strict pass over YAML text before yaml-cpp parses it. Internal to formats/.
//
// yaml-cpp 0.7 has two faults that a hostile or broken file reaches:
//   - It keeps every token of a flow collection that starts where a key could (a top-level
//     `[0,0,...]`, or `- [...]`) until the end of the line it closes on, because the collection
//     might turn out to be a key; 16 MiB of `0,` took 2.4 GB before any event, so before any
//     limit of ours applied. This pass counts the values of every flow collection (a key is not a
//     value, as in ReadLimits::max_nodes; an opening bracket is one) and refuses a document over
//     ReadLimits::max_nodes (`too-large`) before yaml-cpp sees it. Nesting is left to the parser,
//     which knows the JSON pointer of the value too deep; a deep flow nest counts one value per
//     level here, so it is bounded all the same.
//   - It accepts text the YAML 1.2.2 grammar refuses, which would then verify as something the
//     scorer did not write. This pass refuses it (`yaml-syntax`), citing the production of
//     YAML 1.2.2 (numbered where quoted):
//       * a quoted scalar without its closing quote (nb-double-text, nb-single-text);
//       * an escape that is not one of c-ns-esc-char (`\'`, `\q`, a short `\x4`);
//       * a comment that does not follow white space (c-nb-comment-text must be preceded by
//         [66] s-separate-in-line): `"value"# note`, `># note`, `[a]#note`, `[a,#note`;
//       * a continuation line of a quoted scalar or flow collection indented less than its value
//         ([69] s-flow-line-prefix(n) = s-indent(n); a tab is not indentation, [63]);
//       * text without a colon at the column of a map's keys (l+block-mapping): yaml-cpp
//         folded it into the value above;
//       * an empty entry in a flow collection, `[ , a]` or `[a, , b]` (ns-s-flow-seq-entries);
//       * `-` alone as a plain scalar in a flow collection (ns-plain-first);
//       * leading empty lines of a block scalar more indented than its first text line
//         (l-nb-literal-text, with the indentation detected from that line).
//   It also answers a second document after `...` or a directive after the first document with
//   `yaml-multiple-documents` (l-yaml-stream), where yaml-cpp read it as misplaced text.
//
// The pass follows the block structure (the columns of open block lists and maps), quoted and
// block scalars and flow collections; it refuses only what it recognises, and leaves everything
// else (tabs as indentation, mismatched brackets, ...) to yaml-cpp. `text` must have passed
// CheckEncoding and have LF line breaks only. Findings carry the line and column of the offending
// character and no JSON pointer.
#pragma once

#include <string_view>

#include "formats/read_limits.h"
#include "referee/core/result.h"

namespace referee::formats {

Result<void> PrescanYaml(std::string_view text, const ReadLimits& limits);

}  // namespace referee::formats
