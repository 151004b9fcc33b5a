/**
 * Where this instance is in its life (decision 0067): starting until it listens, serving, then draining
 * from SIGTERM until it exits. Only a serving instance is ready for a load balancer's traffic.
 */
export type LifecycleState = 'starting' | 'serving' | 'draining';

export class InstanceLifecycle {
  #state: LifecycleState = 'starting';

  get state(): LifecycleState {
    return this.#state;
  }

  /** The listener is up. A draining instance never serves again. */
  serving(): void {
    if (this.#state === 'starting') this.#state = 'serving';
  }

  drain(): void {
    this.#state = 'draining';
  }
}
