import { startTransition, useEffect, useState } from "react";

/**
 * For a long app page: which of its `stages` are mounted. The server and the hydration render
 * stage 0 only; each further stage mounts in a task of its own after the previous one committed,
 * as a transition, so mounting twenty cards (and starting their requests) is several short tasks
 * on a slow phone instead of one long one that holds up input.
 */
export function useStagedMount(stages: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= stages - 1) return;
    const timer = setTimeout(() => startTransition(() => setStage((current) => current + 1)), 0);
    return () => clearTimeout(timer);
  }, [stage, stages]);
  return stage;
}
