package dev.durable.bench;

import java.util.Arrays;
import java.util.List;

/**
 * One engine's measured rounds of one phase, in the order they ran ({@link Interleaved}). Its
 * rate is the median of the rounds' rates; latencies are pooled over the rounds, CPU summed.
 *
 * @param idleCores this JVM's CPU use, in cores, with every engine of the phase up and idle,
 *     measured just before the rounds: the background (polls, listeners, the JVM's own threads) that
 *     the rounds' CPU includes, whichever engine is measured
 */
record Rounds(List<Clients.Measured> rounds, double idleCores) {
  Rounds {
    if (rounds.isEmpty()) {
      throw new IllegalArgumentException("no rounds measured");
    }
    rounds = List.copyOf(rounds);
  }

  int size() {
    return rounds.size();
  }

  Clients.Measured get(int round) {
    return rounds.get(round);
  }

  /** Runs measured over all rounds. */
  int runs() {
    return rounds.stream().mapToInt(Clients.Measured::runs).sum();
  }

  /** Runs measured in each round (the rounds are of one size). */
  int runsPerRound() {
    return rounds.get(0).runs();
  }

  /** The median of the rounds' workflows per second. */
  double workflowsPerSecond() {
    return median(rounds.stream().mapToDouble(Clients.Measured::workflowsPerSecond).toArray());
  }

  /** Each run's latency, all rounds together. */
  Samples latency() {
    Samples all = new Samples();
    for (Clients.Measured round : rounds) {
      all.addAll(round.latency());
    }
    return all;
  }

  /** CPU over all rounds: times summed, cores averaged over the rounds' wall time. */
  CpuMeter.Usage cpu() {
    long wall = 0;
    long process = 0;
    double machine = 0;
    double steal = 0;
    long switches = 0;
    for (Clients.Measured round : rounds) {
      CpuMeter.Usage cpu = round.cpu();
      wall += round.elapsedNanos();
      process += cpu.processNanos();
      machine = machine < 0 || cpu.machineCores() < 0 ? -1
          : machine + cpu.machineCores() * round.elapsedNanos();
      steal = steal < 0 || cpu.stealCores() < 0 ? -1
          : steal + cpu.stealCores() * round.elapsedNanos();
      switches = switches < 0 || cpu.contextSwitches() < 0 ? -1
          : switches + cpu.contextSwitches();
    }
    return new CpuMeter.Usage((double) process / wall, machine < 0 ? -1 : machine / wall,
        steal < 0 ? -1 : steal / wall, process, switches);
  }

  /**
   * This JVM's CPU time per run, less the idle use measured before the rounds over the rounds'
   * wall time: what the runs themselves cost, without the other engine's background.
   */
  long netCpuNanosPerRun() {
    long wall = rounds.stream().mapToLong(Clients.Measured::elapsedNanos).sum();
    return Math.max(0, (long) (cpu().processNanos() - idleCores * wall)) / runs();
  }

  /** The median; of an even count, the mean of the middle two. */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
