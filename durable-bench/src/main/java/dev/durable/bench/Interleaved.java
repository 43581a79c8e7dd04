package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f2;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One phase, (a) or (b), measured in alternating rounds: Durable's and, on PostgreSQL, DBOS
 * Transact's (phase (h)) side by side, with the database's own commit rate probed between them.
 *
 * <p>Why rounds: the server's speed drifts within a run (its one-row commit rate c1 fell from 3,593
 * to 2,246/s within one 8-minute run), so figures measured minutes apart compare the server's
 * moods as much as the engines. Each engine is started and warmed up once ({@link Clients#warmUp},
 * until the JIT settles) and stays up; where there are two, each then warms up once more in turn,
 * because code both run (the JDBC driver, the pool, the clients) may be recompiled when the other
 * engine takes paths it had not (with one pass, DBOS's measured rounds of (b) after Durable's
 * still compiled for about a second each). Then {@link #ROUNDS} rounds each measure the commit
 * rate ({@link CommitBaseline#probe}) and then every engine in turn, the same runs each. The
 * order within a round alternates (Durable first in the first round, DBOS first in the second,
 * ...) so that neither always follows the probe. A last probe follows the last round, so each
 * round lies between two probes; its limit is their mean. Every measured window and probe starts
 * after a checkpoint ({@link Database#settle}).
 */
final class Interleaved {
  static final int ROUNDS = 3;
  /** How long the JVM's idle CPU use is measured before the rounds, every engine up. */
  static final Duration IDLE_WINDOW = Duration.ofSeconds(5);

  /** One engine in the rounds: its name, for progress lines, and one run of its workflow. */
  record Contender(String name, Clients.OneRun oneRun) {}

  /**
   * One phase measured in rounds.
   *
   * @param clients client threads
   * @param connections connections of the probes: 1 (c1) next to 1 client, {@link
   *     CommitBaseline#MANY} (c8) next to more
   * @param limits the probes' commits per second: before each round, and after the last
   * @param warmups warm-up runs of each contender, in the contenders' order
   * @param rounds the measured rounds of each contender, in the contenders' order
   */
  record Phase(
      int clients, int connections, List<Double> limits, List<Integer> warmups,
      List<Rounds> rounds) {
    Phase {
      limits = List.copyOf(limits);
      warmups = List.copyOf(warmups);
      rounds = List.copyOf(rounds);
    }
  }

  private Interleaved() {}

  /**
   * Warms up each contender from {@code clients} threads, then measures {@link #ROUNDS} rounds of
   * {@code runsPerRound} runs of each, with a probe before each round and after the last.
   */
  static Phase run(
      Database database, int clients, int warmupRuns, int runsPerRound,
      List<Contender> contenders, Consumer<String> progress) throws Exception {
    List<Integer> warmups = new ArrayList<>();
    for (Contender contender : contenders) {
      progress.accept(contender.name() + ": warm-up rounds of " + f0(warmupRuns)
          + " until the JIT settles");
      database.settle();
      warmups.add(Clients.warmUp(clients, warmupRuns, contender.oneRun()));
    }
    if (contenders.size() > 1) {
      // see the class comment: the shared code settles for both here, not in the measured rounds
      for (int i = 0; i < contenders.size(); i++) {
        progress.accept(contenders.get(i).name() + ": warm-up again, after the others");
        database.settle();
        warmups.set(i, warmups.get(i)
            + Clients.warmUp(clients, warmupRuns, contenders.get(i).oneRun()));
      }
    }
    database.settle();
    CpuMeter.Reading idleFrom = CpuMeter.read();
    Thread.sleep(IDLE_WINDOW.toMillis());
    double idleCores = CpuMeter.read().since(idleFrom).processCores();
    progress.accept("the JVM idle, every engine up: " + f2(idleCores * 1000) + " ms of CPU/s");
    int connections = clients == 1 ? 1 : CommitBaseline.MANY;
    String limitName = connections == 1 ? "c1" : "c" + connections;
    List<Double> limits = new ArrayList<>();
    List<List<Clients.Measured>> measured = new ArrayList<>();
    contenders.forEach(contender -> measured.add(new ArrayList<>()));
    for (int round = 0; round < ROUNDS; round++) {
      database.settle();
      limits.add(CommitBaseline.probe(database, connections));
      StringBuilder line = new StringBuilder("round " + (round + 1) + " of " + ROUNDS + ": "
          + limitName + " " + f0(limits.get(round)) + "/s");
      for (int i = 0; i < contenders.size(); i++) {
        int which = round % 2 == 0 ? i : contenders.size() - 1 - i;
        database.settle();
        Clients.Measured window =
            Clients.measure(clients, runsPerRound, contenders.get(which).oneRun());
        measured.get(which).add(window);
        line.append(", ").append(contenders.get(which).name()).append(' ')
            .append(f0(window.workflowsPerSecond())).append(" workflows/s");
      }
      progress.accept(line.toString());
    }
    database.settle();
    limits.add(CommitBaseline.probe(database, connections));
    progress.accept("after the last round: " + limitName + " " + f0(limits.get(ROUNDS)) + "/s");
    return new Phase(clients, connections, limits, warmups,
        measured.stream().map(each -> new Rounds(each, idleCores)).toList());
  }

  /**
   * A phase's rounds as a table: per round, the database's limit from the probes before and after
   * it, Durable's rate and its share of that limit, and DBOS's rate and Durable's over it where
   * DBOS ran; then the medians.
   */
  static void report(
      Report report, ThroughputBench.Result durable, Optional<DbosBench.Phase> dbos) {
    boolean one = durable.clients() == 1;
    String limit = one ? "c1" : "c" + CommitBaseline.MANY;
    String share = one ? "workflows/s over c1/4" : "steps/s over c" + CommitBaseline.MANY;
    String phase = one ? "(a) 1 client thread" : "(b) " + durable.clients() + " client threads";
    List<String> header = new ArrayList<>(List.of("round", limit + " before / after (mean)",
        "Durable workflows/s", share));
    if (dbos.isPresent()) {
      header.addAll(List.of("DBOS workflows/s", "Durable vs DBOS"));
    }
    header.add("JIT compiling" + (dbos.isPresent() ? ": Durable / DBOS" : ""));
    report.lines(phase + ", " + durable.rounds().size() + " rounds of "
        + f0(durable.rounds().runsPerRound()) + " runs"
        + (dbos.isPresent() ? " of each engine, the first in a round alternating" : "")
        + "; " + limit + " probed just before each round and after the last ("
        + CommitBaseline.PROBE_MEASURED.toSeconds() + " s after "
        + CommitBaseline.PROBE_WARMUP.toSeconds() + " s of warm-up), each round's limit the"
        + " mean of the two around it:");
    Report.TableBuilder table = report.table(header.toArray(String[]::new));
    for (int round = 0; round < durable.rounds().size(); round++) {
      Clients.Measured ours = durable.rounds().get(round);
      List<String> row = new ArrayList<>(List.of(
          (round + 1) + (dbos.isEmpty() ? "" : round % 2 == 0 ? " (Durable first)"
              : " (DBOS first)"),
          f0(durable.limits().get(round)) + " / " + f0(durable.limits().get(round + 1)) + " ("
              + f0(durable.limit(round)) + ")",
          f0(ours.workflowsPerSecond()), f2(durable.ofLimit(round))));
      String jit = f0(ours.jitMillis()) + " ms";
      if (dbos.isPresent()) {
        Clients.Measured theirs = dbos.get().rounds().get(round);
        row.add(f0(theirs.workflowsPerSecond()));
        row.add(DbosBench.times(DbosBench.Comparison.ratio(
            durable.rounds(), dbos.get().rounds(), round)));
        jit += " / " + f0(theirs.jitMillis()) + " ms";
      }
      row.add(jit);
      table.row(row.toArray(String[]::new));
    }
    List<String> median = new ArrayList<>(List.of("median", f0(durable.limit()),
        f0(durable.workflowsPerSecond()), f2(durable.ofLimit())));
    dbos.ifPresent(h -> {
      median.add(f0(h.workflowsPerSecond()));
      median.add(DbosBench.times(DbosBench.Comparison.median(durable.rounds(), h.rounds())));
    });
    median.add("");
    table.row(median.toArray(String[]::new));
  }
}
