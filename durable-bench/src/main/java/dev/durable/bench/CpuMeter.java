package dev.durable.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time used by this JVM and, where {@code /proc/stat} can be read (Linux), by the whole
 * machine: with the database on the same machine, the difference is mostly the database's. On a
 * virtual machine the hypervisor may also withhold CPU time (steal), counted apart: it slows
 * everything down without any process here using it.
 */
final class CpuMeter {
  private static final Path PROC_STAT = Path.of("/proc/stat");
  private static final int IDLE = 3;
  private static final int IOWAIT = 4;
  private static final int STEAL = 7;

  /**
   * Cumulative counters at one moment; the machine's are -1 when unknown. {@code switches}: the
   * context switches of this JVM's threads alive at that moment (from {@code /proc/self/task}), -1
   * when unknown.
   */
  record Reading(
      long wallNanos, long processNanos, long machineBusy, long machineTotal, long machineSteal,
      long switches) {

    /** CPU used between {@code earlier} and this, in cores (1.0 = one core busy throughout). */
    Usage since(Reading earlier) {
      double wall = wallNanos - earlier.wallNanos;
      double process = (processNanos - earlier.processNanos) / wall;
      double machine = -1;
      double steal = -1;
      if (machineTotal > 0 && earlier.machineTotal > 0 && machineTotal > earlier.machineTotal) {
        double total = machineTotal - earlier.machineTotal;
        int cpus = Runtime.getRuntime().availableProcessors();
        machine = (machineBusy - earlier.machineBusy) / total * cpus;
        steal = (machineSteal - earlier.machineSteal) / total * cpus;
      }
      long switched = switches < 0 || earlier.switches < 0 ? -1 : switches - earlier.switches;
      return new Usage(process, machine, steal, processNanos - earlier.processNanos, switched);
    }
  }

  /**
   * @param processCores this JVM's CPU use, in cores
   * @param machineCores the whole machine's, in cores, steal apart; -1 when unknown
   * @param stealCores what the hypervisor withheld, in cores; -1 when unknown
   * @param processNanos this JVM's CPU time
   * @param contextSwitches this JVM's threads' context switches, voluntary (a thread waiting: for
   *     the database, a lock, another thread's hand-off) and not; -1 when unknown
   */
  record Usage(
      double processCores, double machineCores, double stealCores, long processNanos,
      long contextSwitches) {
    /** What other processes used, in cores; -1 when unknown. */
    double otherCores() {
      return machineCores < 0 ? -1 : Math.max(0, machineCores - processCores);
    }
  }

  private CpuMeter() {}

  /** The machine's CPU use over {@code window} while this benchmark does nothing. */
  static Usage background(java.time.Duration window) throws InterruptedException {
    Reading before = read();
    Thread.sleep(window.toMillis());
    return read().since(before);
  }

  static Reading read() {
    long process =
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
    long busy = -1;
    long total = -1;
    long steal = -1;
    try {
      List<String> lines = Files.readAllLines(PROC_STAT);
      String[] fields = lines.get(0).trim().split("\\s+");
      total = 0;
      for (int i = 1; i < fields.length && i <= 8; i++) {
        total += Long.parseLong(fields[i]);
      }
      steal = fields.length > STEAL + 1 ? Long.parseLong(fields[STEAL + 1]) : 0;
      busy = total - Long.parseLong(fields[IDLE + 1]) - Long.parseLong(fields[IOWAIT + 1]) - steal;
    } catch (IOException | RuntimeException e) {
      busy = -1;
      total = -1;
      steal = -1;
    }
    return new Reading(System.nanoTime(), process, busy, total, steal, contextSwitches());
  }

  /**
   * The context switches of this JVM's live threads so far. A thread that ended is not counted:
   * take readings while the threads measured are alive.
   */
  private static long contextSwitches() {
    try (var tasks = Files.list(Path.of("/proc/self/task"))) {
      long sum = 0;
      for (Path task : (Iterable<Path>) tasks::iterator) {
        try {
          for (String line : Files.readAllLines(task.resolve("status"))) {
            if (line.startsWith("voluntary_ctxt_switches:")
                || line.startsWith("nonvoluntary_ctxt_switches:")) {
              sum += Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
            }
          }
        } catch (IOException e) {
          // the thread ended while being read
        }
      }
      return sum;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
