import { inject } from 'vitest';
import type { Behaviour } from '../../fakes/fake-model-server';

/**
 * Switches the fake model server the e2e Genie talks to (global-setup starts one for the run):
 * every later request gets this behaviour. Spec files run one at a time, so a spec may change it;
 * each resets it to `{ kind: 'normal' }` after every test.
 */
export async function setModelBehaviour(behaviour: Behaviour) {
  const response = await fetch(new URL('/__fake/behaviour', inject('fakeModelUrl')), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(behaviour),
  });
  if (response.status !== 200) throw new Error(`The fake model server refused the behaviour: ${response.status}`);
}
