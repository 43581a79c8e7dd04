package dev.durable.processor.validation;

import dev.durable.processor.messages.WorkflowMessages;
import dev.durable.processor.reading.RawWorkflow;
import dev.durable.processor.reading.WorkflowAnnotation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * The name and version of each {@code @Workflow} class: they obey the rules of stored names
 * ({@link WorkflowNames}), and, since runs are stored under a workflow's name and version, no two
 * workflows of one compilation share both.
 */
final class WorkflowIdentity {
  /** The qualified name of the first workflow seen with each name and version, across rounds. */
  private final Map<List<String>, String> declared = new HashMap<>();

  /** Checks the workflow's name and version and returns its name. */
  String check(RawWorkflow raw, ValidationReport report) {
    TypeElement workflow = raw.type();
    WorkflowAnnotation workflowAnnotation = raw.annotation();
    AnnotationMirror annotation = workflowAnnotation.mirror();
    String type = Describe.type(workflow);
    String name = raw.name();
    // null: the default, the class's simple name
    AnnotationValue nameValue = workflowAnnotation.name().written();
    if (name.length() > WorkflowNames.MAX_NAME_LENGTH) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          nameValue,
          WorkflowMessages.workflowNameLength(WorkflowNames.shorten(name),
              type,
              name.length()));
    }
    String disallowed = WorkflowNames.disallowedCharacters(name);
    if (!disallowed.isEmpty()) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          nameValue,
          WorkflowMessages.workflowNameCharacters(WorkflowNames.shorten(name),
              type,
              disallowed));
    }

    String version = workflowAnnotation.version().value();
    AnnotationValue versionValue = workflowAnnotation.version().written();
    if (version.isEmpty()) {
      StepNames.errorOnValue(
          report, workflow, annotation, versionValue,
          WorkflowMessages.workflowVersionEmpty(type));
    }
    if (version.length() > WorkflowNames.MAX_VERSION_LENGTH) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          versionValue,
          WorkflowMessages.workflowVersionLength(WorkflowNames.shorten(version),
              type,
              version.length()));
    }
    String disallowedInVersion = WorkflowNames.disallowedCharacters(version);
    if (!disallowedInVersion.isEmpty()) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          versionValue,
          WorkflowMessages.workflowVersionCharacters(WorkflowNames.shorten(version),
              type,
              disallowedInVersion));
    }

    String qualifiedName = workflow.getQualifiedName().toString();
    String first = declared.putIfAbsent(List.of(name, version), qualifiedName);
    if (first != null && !first.equals(qualifiedName)) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          nameValue,
          WorkflowMessages.workflowDuplicate(WorkflowNames.shorten(name),
              WorkflowNames.shorten(version),
              first));
    }
    return name;
  }
}
