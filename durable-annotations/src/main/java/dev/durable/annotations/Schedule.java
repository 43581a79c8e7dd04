package dev.durable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts a run of the annotated {@link Workflow} at each fire time of a cron expression, exactly
 * once across every engine that shares the store and has the workflow registered.
 *
 * <pre>{@code
 * @Workflow(name = "nightly-report")
 * @Schedule(cron = "0 0 2 * * *", zone = "Europe/Berlin")      // 02:00 Berlin time, every day
 * public class NightlyReport {
 *   @Run
 *   public String run(Instant firedAt) { ... }                 // or no parameter at all
 * }
 * }</pre>
 *
 * <p>Repeatable: each {@code @Schedule} on a class is a schedule of its own. The workflow's
 * {@link Run} method takes no stored parameter (besides an optional leading {@code
 * WorkflowContext}) or exactly one {@code java.time.Instant}, which receives the fire time. The
 * expression and the zone are checked at compile time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Schedules.class)
public @interface Schedule {

  /**
   * When to fire: six fields, seconds first, as Spring's {@code @Scheduled} (5.3 and later) reads
   * them: {@code second minute hour day-of-month month day-of-week}, for instance {@code
   * "0 0 2 * * *"} (02:00:00 every day) or {@code "0 0/15 * * * MON-FRI"} (every quarter
   * hour on weekdays). {@code L}, {@code W}, {@code #} and {@code @daily}-style macros are
   * understood.
   */
  String cron();

  /**
   * The time zone the expression is read in, as a {@code java.time.ZoneId} ({@code "UTC"}, {@code
   * "Europe/Berlin"}, {@code "+02:00"}). A fire time that falls into a daylight-saving gap does
   * not happen that day; one in a repeated hour happens once.
   */
  String zone() default "UTC";

  /** What happens to the fire times missed while no engine ran. */
  CatchUp catchUp() default CatchUp.LATEST;
}
