package dev.durable.bench;

import dev.durable.annotations.Step;

/** A step contract with one trivial step: what a dispatch costs beyond it is the overhead. */
public interface BenchSteps {
  @Step(name = "bench.echo")
  int echo(int x);
}
