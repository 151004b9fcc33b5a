/**
 * Where this instance is in its life (decision 0067): starting until it listens, serving, then draining
 * from SIGTERM until it exits. Only a serving instance is ready for a load balancer's traffic.
 */
export type LifecycleState = 'starting' | 'serving' | 'draining';

export class InstanceLifecycle {
  #state: LifecycleState = 'starting';
  readonly #onDrain: (() => void)[] = [];

  get state(): LifecycleState {
    return this.#state;
  }

  /** The listener is up. A draining instance never serves again. */
  serving(): void {
    if (this.#state === 'starting') this.#state = 'serving';
  }

  /** Runs `listener` when draining begins (once). */
  onDrain(listener: () => void): void {
    this.#onDrain.push(listener);
  }

  drain(): void {
    if (this.#state === 'draining') return;
    this.#state = 'draining';
    for (const listener of this.#onDrain) listener();
  }
}
