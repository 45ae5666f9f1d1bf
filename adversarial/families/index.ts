// Every attack family of docs/ATTACKS.md, one generator module each.
import type { Family } from "../compose.ts";
import { family as commandWord } from "./command-word-spelling.ts";
import { family as lineStructure } from "./line-structure.ts";
import { family as dynamicWord } from "./dynamic-command-word.ts";
import { family as substitutions } from "./substitutions.ts";
import { family as heredocs } from "./heredoc-herestring.ts";
import { family as wrappers } from "./wrappers.ts";
import { family as innerShells } from "./inner-shells-interpreters.ts";
import { family as toolFlags } from "./tool-exec-write-flags.ts";
import { family as envVectors } from "./environment-vectors.ts";
import { family as buildEnvVectors } from "./build-env-vectors.ts";
import { family as inlineCodeLoads } from "./inline-code-loads.ts";
import { family as scriptArgs } from "./script-args.ts";
import { family as redirects } from "./redirects.ts";
import { family as expansion } from "./expansion.ts";
import { family as directoryMoves } from "./directory-moves.ts";
import { family as pathRespelling } from "./path-respelling.ts";
import { family as pathQualified } from "./path-qualified-names.ts";
import { family as functions } from "./functions-aliases.ts";
import { family as persistence } from "./persistence.ts";
import { family as secrets } from "./secrets-disclosure.ts";
import { family as exfiltration } from "./exfiltration.ts";
import { family as resource } from "./resource-parser-abuse.ts";
import { family as gitForeign } from "./git-foreign-repository.ts";
import { family as gitOptions } from "./git-option-arity.ts";
import { family as helperPrograms } from "./helper-programs.ts";
import { family as toolFileOptions } from "./tool-file-options.ts";
import { family as pythonModulePath } from "./python-module-path.ts";
import { family as makeParsing } from "./make-parsing.ts";
import { family as runnerDirectories } from "./runner-directories.ts";
import { family as bigTreeReads } from "./big-tree-reads.ts";
import { family as readerFilters } from "./reader-filters.ts";
import { family as ignoreFileLinks } from "./ignore-file-links.ts";
import { family as listingWalks } from "./listing-walks.ts";
import { family as gitPathspecs } from "./git-pathspecs.ts";
import { family as globProc } from "./glob-proc-aliases.ts";
import { family as findDirs } from "./find-dirs-links.ts";
import { family as unbounded } from "./unbounded-deletes.ts";
import { family as shredLinks } from "./shred-links.ts";
import { family as copyInto } from "./copy-into-dirs.ts";
import { family as secretVariables } from "./secret-variables.ts";
import { family as variableFileVectors } from "./variable-file-vectors.ts";
import { family as integerVariables } from "./integer-variables.ts";
import { family as bashEnvRelative } from "./bash-env-relative.ts";
import { family as envFunctionExports } from "./env-function-exports.ts";
import { family as toolchainHome } from "./toolchain-home.ts";
import { family as loopbackRequests } from "./loopback-requests.ts";
import { family as precisionGaps } from "./precision-gaps.ts";
import { family as ownJobs } from "./own-jobs.ts";
import { family as npxInstalled } from "./npx-installed.ts";
import { family as venvActivate } from "./venv-activate.ts";
import { family as metadataReaders } from "./metadata-readers.ts";
import { family as loopValues } from "./loop-values.ts";
import { family as variableStores } from "./variable-stores.ts";

export const FAMILIES: Family[] = [
  commandWord,
  lineStructure,
  dynamicWord,
  substitutions,
  heredocs,
  wrappers,
  innerShells,
  toolFlags,
  envVectors,
  buildEnvVectors,
  inlineCodeLoads,
  scriptArgs,
  redirects,
  expansion,
  directoryMoves,
  pathRespelling,
  pathQualified,
  functions,
  persistence,
  secrets,
  exfiltration,
  resource,
  gitForeign,
  gitOptions,
  helperPrograms,
  toolFileOptions,
  pythonModulePath,
  makeParsing,
  runnerDirectories,
  // Families added later keep out of the others' secondaries (`offered: false`), so the datasets
  // of the families above do not change when they are added.
  globProc,
  findDirs,
  unbounded,
  shredLinks,
  copyInto,
  secretVariables,
  variableFileVectors,
  integerVariables,
  bashEnvRelative,
  envFunctionExports,
  toolchainHome,
  loopbackRequests,
  precisionGaps,
  bigTreeReads,
  readerFilters,
  ignoreFileLinks,
  listingWalks,
  gitPathspecs,
  ownJobs,
  npxInstalled,
  venvActivate,
  metadataReaders,
  loopValues,
  variableStores,
];
