package dev.durable.processor.validation;

import com.cronutils.model.Cron;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.durable.processor.messages.Message;
import dev.durable.processor.messages.ScheduleMessages;
import dev.durable.processor.reading.Annotations;
import dev.durable.processor.reading.Attribute;
import dev.durable.processor.reading.ScheduleAnnotation;
import dev.durable.processor.reading.TypeNames;
import dev.durable.processor.reading.WorkflowAnnotation;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * The rules on a workflow's {@code @Schedule}s: each cron expression parses (cron-utils' {@code
 * CronType.SPRING53}, six fields, seconds first: the definition the runtime fires with) and
 * matches some time, each zone
 * is a {@code java.time.ZoneId}, the {@code @Run} method takes nothing stored or one {@code
 * Instant}, and the workflow's name leaves room for the derived run ids.
 *
 * <p>A problem is reported on the {@code cron = ...} or {@code zone = ...} value itself. For a
 * repeated {@code @Schedule} javac's {@code Messager} cannot do that (the annotations reach the
 * processor inside a {@code @Schedules} container that has no tree in the source, so it falls back
 * to the class), and the value is found through the compiler's tree API instead; where that API is
 * not available (another compiler), the error is on the class.
 */
final class ScheduleValidator {
  /** {@code schedule:} and {@code :<fire time>} around the name stay within a run id's 200. */
  static final int MAX_NAME_LENGTH = 160;

  private static final CronParser PARSER =
      new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.SPRING53));

  private final Trees trees;

  ScheduleValidator(ProcessingEnvironment env) {
    this.trees = treesOf(env);
  }

  private static Trees treesOf(ProcessingEnvironment env) {
    try {
      return Trees.instance(env);
    } catch (IllegalArgumentException | LinkageError notJavac) {
      return null;
    }
  }

  /**
   * Checks the {@code schedules} of {@code workflow}, whose stored name is {@code name} (set by its
   * {@code workflowAnnotation}, or the default) and whose {@code @Run} methods are {@code runs}.
   */
  void validate(
      TypeElement workflow,
      String name,
      WorkflowAnnotation workflowAnnotation,
      List<ScheduleAnnotation> schedules,
      List<ExecutableElement> runs,
      ValidationReport report) {
    if (schedules.isEmpty()) {
      return;
    }
    for (ScheduleAnnotation schedule : schedules) {
      String cron = schedule.cron().value();
      try {
        Cron parsed = PARSER.parse(cron).validate();
        if (neverFires(parsed)) {
          errorOnValue(report, workflow, schedule, schedule.cron(),
              ScheduleMessages.scheduleNeverFires(cron));
        }
      } catch (IllegalArgumentException e) {
        errorOnValue(report, workflow, schedule, schedule.cron(),
            ScheduleMessages.scheduleCron(cron, e.getMessage()));
      }
      String zone = schedule.zone().value();
      try {
        ZoneId.of(zone);
      } catch (DateTimeException e) {
        errorOnValue(report, workflow, schedule, schedule.zone(),
            ScheduleMessages.scheduleZone(zone, e.getMessage()));
      }
    }
    if (name.length() > MAX_NAME_LENGTH && name.length() <= WorkflowNames.MAX_NAME_LENGTH) {
      StepNames.errorOnValue(report, workflow, workflowAnnotation.mirror(),
          workflowAnnotation.name().written(),
          ScheduleMessages.scheduleNameLength(WorkflowNames.shorten(name), Describe.type(workflow),
              name.length(), MAX_NAME_LENGTH));
    }
    if (runs.size() == 1) {
      ExecutableElement run = runs.get(0);
      List<? extends VariableElement> stored = run.getParameters().stream()
          .filter(p -> !TypeNames.is(p.asType(), TypeNames.WORKFLOW_CONTEXT))
          .toList();
      if (!stored.isEmpty()
          && !(stored.size() == 1 && TypeNames.is(stored.get(0).asType(), "java.time.Instant"))) {
        report.error(run, ScheduleMessages.scheduleRunInput(Describe.method(run),
                Describe.type(workflow),
                stored.stream().map(p -> p.asType().toString()).collect(Collectors.joining(", "))));
      }
    }
  }

  /**
   * Whether {@code cron} matches no time at all (the 30th of February): it has no fire time in
   * the 400 years after 2000, over which the Gregorian calendar's days of the week repeat.
   */
  static boolean neverFires(Cron cron) {
    ZonedDateTime from = ZonedDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    return ExecutionTime.forCron(cron).nextExecution(from)
        .filter(next -> next.isBefore(from.plusYears(400)))
        .isEmpty();
  }

  /** Reports on the value of {@code attribute} of {@code schedule}: see the class comment. */
  private void errorOnValue(
      ValidationReport report,
      TypeElement workflow,
      ScheduleAnnotation schedule,
      Attribute<String> attribute,
      Message message) {
    if (schedule.repeated() < 0) {
      report.error(workflow, schedule.mirror(), attribute.written(), message);
      return;
    }
    TreePath path = trees == null ? null : trees.getPath(workflow);
    ExpressionTree value =
        path == null ? null : valueTree(path, schedule.repeated(), attribute.name());
    if (value == null) {
      report.error(workflow, message);
    } else {
      report.error(
          (kind, text) -> trees.printMessage(kind, text, value, path.getCompilationUnit()),
          message);
    }
  }

  /** The value of {@code attribute} in the {@code index}th {@code @Schedule} on the class. */
  private ExpressionTree valueTree(TreePath classPath, int index, String attribute) {
    if (!(classPath.getLeaf() instanceof ClassTree type)) {
      return null;
    }
    int seen = 0;
    for (AnnotationTree annotation : type.getModifiers().getAnnotations()) {
      Element annotationType =
          trees.getElement(new TreePath(classPath, annotation.getAnnotationType()));
      if (!(annotationType instanceof TypeElement t)
          || !t.getQualifiedName().contentEquals(Annotations.SCHEDULE)) {
        continue;
      }
      if (seen++ != index) {
        continue;
      }
      for (ExpressionTree argument : annotation.getArguments()) {
        if (argument instanceof AssignmentTree assignment
            && assignment.getVariable() instanceof IdentifierTree variable
            && variable.getName().contentEquals(attribute)) {
          return assignment.getExpression();
        }
      }
    }
    return null;
  }
}
