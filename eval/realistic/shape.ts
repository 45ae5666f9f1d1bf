// Tags derived from a command's text: the family (its shape) and the tool (its main program).
// Heuristic on purpose: these only group cases in reports.

export function familyOf(cmd: string): string {
  const first = cmd.split("\n")[0]!;
  if (/^(python3?|python3\.\d+)\s+-\s*<</.test(first) || /^(node|ruby|perl)\s*<</.test(first)) return "heredoc-code";
  if (/git commit[^\n]*(<<|\$\(cat <<)/.test(cmd)) return "heredoc-commit";
  if (/<<['"]?\w+['"]?/.test(first) && /^cat\s*>>?|^cat <<.*>/.test(first)) return /\n(python3?|node|bash|sh) /.test(cmd) ? "heredoc-file-run" : "heredoc-file";
  if (/<</.test(cmd)) return "heredoc-other";
  if (/^\s*(for|while)\b/.test(cmd)) return "loop";
  if (cmd.includes("\n")) return "multi-line";
  if (/\bfind\b.*(\|\s*xargs|-exec|-delete)/.test(cmd)) return "find-exec";
  if (/^cd\s/.test(cmd)) return "cd-chain";
  if (/^([A-Z_][A-Z0-9_]*=\S*\s+)+\S/.test(cmd) || /^export\s/.test(cmd) || /^env\s/.test(cmd)) return "env-prefix";
  if (/\$\(|`/.test(cmd)) return "substitution";
  if (/\|/.test(cmd.replace(/\|\|/g, ""))) return /\bsed -n\b|\bhead\b|\btail\b/.test(cmd) ? "pipe-view" : "pipe";
  if (/&&|\|\||;/.test(cmd)) return "list";
  if (/(^|[^<])>>?\s*[^&\s]|\d>|&>/.test(cmd)) return "redirect";
  return "simple";
}

const WRAPPERS = new Set(["timeout", "nice", "nohup", "time", "sudo", "env", "command", "exec"]);

export function toolOf(cmd: string): string {
  const words = cmd.split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) i++;
    else if (w === "sudo") return "sudo";
    else if (WRAPPERS.has(w)) {
      // a bare wrapper before an operator (`env | grep x`) is the program itself
      if (i + 1 >= words.length || /^(\||\|\||&&|;|>|<)/.test(words[i + 1]!)) return w;
      i++;
      while (i < words.length && (/^-/.test(words[i]!) || /^\d+[smh]?$/.test(words[i]!))) i++;
    } else break;
  }
  const w = words[i] ?? "";
  return w.replace(/^.*\//, "") || "(none)";
}
