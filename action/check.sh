#!/usr/bin/env bash
# The action's check step: `bufviz check` with the action's inputs. Annotations go to the log
# (--format github), the markdown table to $GITHUB_STEP_SUMMARY, and bufviz's exit code
# (0 within limits, 1 over, 2 bad input) is the step's.
set -uo pipefail

python=${INPUT_PYTHON:-python3}
read -r -a paths <<< "$(echo "${INPUT_PATHS:-}" | tr '\n' ' ')"
if [ ${#paths[@]} -eq 0 ]; then
  echo "::error title=bufviz::the 'paths' input is empty: name the dumps or saved results to check"
  exit 2
fi
args=(check "${paths[@]}" --format github)
[ -n "${INPUT_BUDGET:-}" ] && args+=(--budget "$INPUT_BUDGET")
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
[ -n "${INPUT_MAX_INCREASE:-}" ] && args+=(--max-increase "$INPUT_MAX_INCREASE")
for metric in $(echo "${INPUT_METRIC:-needed}" | tr ',' ' '); do
  args+=(--metric "$metric")
done
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && args+=(--summary "$GITHUB_STEP_SUMMARY")

exec "$python" -m bufviz "${args[@]}"
