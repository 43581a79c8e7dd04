package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The rules on {@code @Schedule}: a cron expression cron-utils accepts (six fields, seconds
 * first), a zone java.time knows, each reported on the value itself; a {@code @Run} that takes
 * nothing or one {@code Instant}; a name that leaves room for the derived run ids.
 */
class ScheduleValidationTest {

  @Test
  void invalidCronIsAnErrorOnTheCronValueSayingWhatIsWrong() {
    JavaFileObject source = fixture("schedule/InvalidCron.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Schedule cron expression \"0 0 25 * * *\" is invalid: Failed to parse cron"
                + " expression. Value 25 not in range [0, 23]; write six fields, seconds first"
                + " (second minute hour day-of-month month day-of-week), such as \"0 0 2 * * *\""
                + " for 02:00:00 every day [durable:schedule-cron]")
        .inFile(source)
        .onLineContaining("cron = \"0 0 25 * * *\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aCronThatMatchesNoDateIsAnErrorOnTheCronValue() {
    JavaFileObject source = fixture("schedule/NeverFiringCron.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Schedule cron expression \"0 0 0 30 2 *\" never fires: no date matches its"
                + " day-of-month, month and day-of-week fields together (such as the 30th of"
                + " February); correct those fields [durable:schedule-never-fires]")
        .inFile(source)
        .onLineContaining("cron = \"0 0 0 30 2 *\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void repeatedSchedulesAreEachCheckedAndReportedOnTheirOwnValues() {
    JavaFileObject source = fixture("schedule/RepeatedSchedules.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Schedule cron expression \"0 2 * * *\" is invalid: Cron expression contains 5 parts"
                + " but we expect one of [6]; write six fields, seconds first")
        .inFile(source)
        .onLineContaining("cron = \"0 2 * * *\"");
    assertThat(compilation)
        .hadErrorContaining(
            "@Schedule zone \"Mars/Olympus_Mons\" is not a time zone java.time knows (Unknown"
                + " time-zone ID: Mars/Olympus_Mons); use a region such as \"Europe/Berlin\" or"
                + " \"UTC\", or an offset such as \"+02:00\" [durable:schedule-zone]")
        .inFile(source)
        .onLineContaining("zone = \"Mars/Olympus_Mons\"");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void scheduledRunTakingOtherInputIsAnErrorOnTheRunMethod() {
    JavaFileObject source = fixture("schedule/ScheduledRunInput.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Run method run(WorkflowContext, String) of scheduled workflow"
                + " ScheduledRunInput.TakesAString takes java.lang.String, but a scheduled run's"
                + " input is nothing or its fire time; take no parameter (besides a"
                + " WorkflowContext first) or one java.time.Instant [durable:schedule-run-input]")
        .inFile(source)
        .onLineContaining("public void run(WorkflowContext ctx, String order)");
    assertThat(compilation)
        .hadErrorContaining(
            "@Run method run(Instant, Instant) of scheduled workflow"
                + " ScheduledRunInput.TakesTwoInstants takes java.time.Instant, java.time.Instant")
        .inFile(source)
        .onLineContaining("public void run(Instant first, Instant second)");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void scheduledWorkflowNameTooLongForItsRunIdsIsAnErrorOnTheName() {
    JavaFileObject source = fixture("schedule/LongScheduledName.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "of LongScheduledName is 170 characters long, but a workflow with a @Schedule may"
                + " have at most 160, for the ids of its runs (schedule:<name>:<fire time>) to"
                + " fit; set @Workflow(name = ...) to a shorter name"
                + " [durable:schedule-name-length]")
        .inFile(source)
        .onLineContaining("name = \"a-very-long-name");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void scheduleOnAClassThatIsNotAWorkflowIsAnError() {
    JavaFileObject source = fixture("schedule/StraySchedule.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Schedule on StraySchedule, which is not a @Workflow class, never fires; annotate"
                + " StraySchedule with @Workflow or move the @Schedule onto the workflow it should"
                + " start [durable:schedule-outside-workflow]")
        .inFile(source)
        .onLineContaining("public class StraySchedule");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void validSchedulesCompileWithoutWarnings() {
    Compilation compilation = compile(fixture("schedule/ValidSchedules.java"));

    assertThat(compilation).succeededWithoutWarnings();
  }
}
