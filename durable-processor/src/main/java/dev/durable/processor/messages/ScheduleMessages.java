package dev.durable.processor.messages;

/**
 * The diagnostics of {@code @Schedule}s: each constant a stable tag, what the rule catches (its
 * title in the error catalogue) and the text; each factory makes one {@link Message}.
 */
public enum ScheduleMessages implements MessageKind {

  // ---- @Schedule -------------------------------------------------------------------------------

  /** Args: the class. */
  SCHEDULE_OUTSIDE_WORKFLOW(
      "schedule-outside-workflow",
      "`@Schedule` on a class that is not a `@Workflow`",
      "@Schedule on %s, which is not a @Workflow class, never fires; annotate %1$s with @Workflow"
          + " or move the @Schedule onto the workflow it should start"),
  /** Args: the expression, what cron-utils says is wrong. */
  SCHEDULE_CRON(
      "schedule-cron",
      "a `@Schedule` cron expression cron-utils cannot read as six fields, seconds first (the"
          + " message says what it found wrong)",
      "@Schedule cron expression \"%s\" is invalid: %s; write six fields, seconds first (second"
          + " minute hour day-of-month month day-of-week), such as \"0 0 2 * * *\" for 02:00:00"
          + " every day"),
  /** Args: the expression. */
  SCHEDULE_NEVER_FIRES(
      "schedule-never-fires",
      "a `@Schedule` cron expression that matches no time at all, such as the 30th of February",
      "@Schedule cron expression \"%s\" never fires: no date matches its day-of-month, month and"
          + " day-of-week fields together (such as the 30th of February); correct those fields"),
  /** Args: the zone, what java.time says is wrong. */
  SCHEDULE_ZONE(
      "schedule-zone",
      "a `@Schedule` zone that is not a `java.time.ZoneId`",
      "@Schedule zone \"%s\" is not a time zone java.time knows (%s); use a region such as"
          + " \"Europe/Berlin\" or \"UTC\", or an offset such as \"+02:00\""),
  /** Args: method, class, the stored parameters' types. */
  SCHEDULE_RUN_INPUT(
      "schedule-run-input",
      "a scheduled workflow whose `@Run` takes other than nothing or one `Instant`",
      "@Run method %s of scheduled workflow %s takes %s, but a scheduled run's input is nothing or"
          + " its fire time; take no parameter (besides a WorkflowContext first) or one"
          + " java.time.Instant"),
  /** Args: name (shortened), class, length, the most allowed. */
  SCHEDULE_NAME_LENGTH(
      "schedule-name-length",
      "a scheduled workflow's name over 160 characters (its run ids would not fit)",
      "workflow name '%s' of %s is %d characters long, but a workflow with a @Schedule may have at"
          + " most %d, for the ids of its runs (schedule:<name>:<fire time>) to fit; set"
          + " @Workflow(name = ...) to a shorter name");

  private final String tag;
  private final String title;
  private final String template;

  ScheduleMessages(String tag, String title, String template) {
    this.tag = tag;
    this.title = title;
    this.template = template;
  }

  @Override
  public String tag() {
    return "durable:" + tag;
  }

  @Override
  public String title() {
    return title;
  }

  @Override
  public String template() {
    return template;
  }

  // ---- One factory per message, its arguments typed and named ---------------------------------

  /** {@link #SCHEDULE_OUTSIDE_WORKFLOW}. */
  public static Message scheduleOutsideWorkflow(String type) {
    return Message.of(SCHEDULE_OUTSIDE_WORKFLOW, type);
  }

  /** {@link #SCHEDULE_NEVER_FIRES}. */
  public static Message scheduleNeverFires(String expression) {
    return Message.of(SCHEDULE_NEVER_FIRES, expression);
  }

  /** {@link #SCHEDULE_CRON}. */
  public static Message scheduleCron(String expression, String reason) {
    return Message.of(SCHEDULE_CRON, expression, reason);
  }

  /** {@link #SCHEDULE_ZONE}. */
  public static Message scheduleZone(String zone, String reason) {
    return Message.of(SCHEDULE_ZONE, zone, reason);
  }

  /** {@link #SCHEDULE_RUN_INPUT}. */
  public static Message scheduleRunInput(String method, String type, String storedTypes) {
    return Message.of(SCHEDULE_RUN_INPUT, method, type, storedTypes);
  }

  /** {@link #SCHEDULE_NAME_LENGTH}. */
  public static Message scheduleNameLength(
      String name, String type, long length, long mostAllowed) {
    return Message.of(SCHEDULE_NAME_LENGTH, name, type, length, mostAllowed);
  }
}
