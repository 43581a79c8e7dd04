package dev.durable.processor;

import com.google.auto.service.AutoService;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.processor.generation.ContractGenerator;
import dev.durable.processor.generation.Generators;
import dev.durable.processor.generation.SourceWriter;
import dev.durable.processor.model.ContractModel;
import dev.durable.processor.model.ModelFactory;
import dev.durable.processor.model.WorkflowModel;
import dev.durable.processor.validation.ContractValidator;
import dev.durable.processor.validation.Messages;
import dev.durable.processor.validation.ValidationReport;
import dev.durable.processor.validation.WorkflowValidator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * The one entry point: validates every {@code @Workflow} class, builds its model and generates its
 * {@code Durable}, {@code Client} and {@code Codecs} classes, plus one sorted {@code
 * META-INF/services} file for the workflows that can be discovered. Validates every step contract
 * (an interface whose methods carry {@code @Step}, served by workers) and generates its {@code
 * Codecs} and {@code Dispatch} classes.
 *
 * <p>A workflow whose signatures refer to types not generated yet is deferred to the next round
 * and reported at the end if they never appear. A workflow with errors gets no generated code;
 * other workflows still do.
 */
@AutoService(Processor.class)
public final class DurableProcessor extends AbstractProcessor {
  private final Map<String, String> deferred = new LinkedHashMap<>();
  private final Map<String, String> workflowKeys = new HashMap<>();
  private final SortedSet<String> discoverable = new TreeSet<>();
  /** Step contracts' rules; it remembers their step names across rounds. */
  private ContractValidator contracts;

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(Workflow.class.getName(), Step.class.getName(), Run.class.getName());
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    WorkflowValidator validator = new WorkflowValidator(processingEnv);
    validator
        .validateStrays(
            round.getElementsAnnotatedWith(Step.class), round.getElementsAnnotatedWith(Run.class))
        .printTo(processingEnv.getMessager());

    for (TypeElement contract : contractsOf(round)) {
      if (contracts == null) {
        contracts = new ContractValidator(processingEnv);
      }
      ValidationReport report = contracts.validateContract(contract);
      report.printTo(processingEnv.getMessager());
      if (!report.hasErrors()) {
        SourceWriter writer =
            new SourceWriter(processingEnv.getFiler(), processingEnv.getMessager());
        ContractModel model = new ModelFactory(processingEnv).createContract(contract);
        for (var file : ContractGenerator.generate(model)) {
          writer.write(file, contract);
        }
      }
    }

    for (TypeElement workflow : workflowsOf(round)) {
      if (refersToMissingTypes(workflow)) {
        // Another processor may generate the missing types in a later round; if none does, the
        // workflow is reported when processing is over.
        String name = workflow.getQualifiedName().toString();
        deferred.put(name, name);
        continue;
      }
      deferred.remove(workflow.getQualifiedName().toString());
      try {
        process(validator, workflow);
      } catch (RuntimeException | Error e) {
        processingEnv
            .getMessager()
            .printMessage(
                Diagnostic.Kind.ERROR,
                Messages.PROCESSOR_BUG.format(workflow.getQualifiedName(), e),
                workflow);
        throw e;
      }
    }

    if (round.processingOver()) {
      for (String name : deferred.keySet()) {
        // Still missing: report what can be checked without the missing types, generate nothing.
        TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
        validator.validateWorkflow(type).printTo(processingEnv.getMessager());
        processingEnv
            .getMessager()
            .printMessage(
                Diagnostic.Kind.ERROR, Messages.UNRESOLVED_TYPES.format(name), type);
      }
      try {
        SourceWriter.writeServices(processingEnv.getFiler(), discoverable);
      } catch (IOException e) {
        processingEnv
            .getMessager()
            .printMessage(
                Diagnostic.Kind.ERROR,
                Messages.GENERATED_WRITE.format(SourceWriter.SERVICES_FILE, e.getMessage()));
      }
    }
    return false;
  }

  private void process(WorkflowValidator validator, TypeElement workflow) {
    ValidationReport report = validator.validateWorkflow(workflow);
    report.printTo(processingEnv.getMessager());
    if (report.hasErrors()) {
      return;
    }
    WorkflowModel model = new ModelFactory(processingEnv).create(workflow);
    String key = model.workflowName() + "@" + model.version();
    String first = workflowKeys.putIfAbsent(key, workflow.getQualifiedName().toString());
    if (first != null && !first.equals(workflow.getQualifiedName().toString())) {
      processingEnv
          .getMessager()
          .printMessage(
              Diagnostic.Kind.ERROR,
              Messages.WORKFLOW_DUPLICATE.format(model.workflowName(), model.version(), first),
              workflow);
      return;
    }
    SourceWriter writer = new SourceWriter(processingEnv.getFiler(), processingEnv.getMessager());
    for (var file : Generators.generate(model)) {
      writer.write(file, workflow);
    }
    if (model.discoverable()) {
      discoverable.add(model.durableClass().reflectionName());
    }
  }

  /** The step contracts declared in this round, in a stable order. */
  private static List<TypeElement> contractsOf(RoundEnvironment round) {
    SortedMap<String, TypeElement> contracts = new TreeMap<>();
    for (Element step : round.getElementsAnnotatedWith(Step.class)) {
      if (step.getEnclosingElement() instanceof TypeElement type
          && ContractValidator.isContract(type)) {
        contracts.put(type.getQualifiedName().toString(), type);
      }
    }
    return List.copyOf(contracts.values());
  }

  /** The {@code @Workflow} types of this round, in a stable order. */
  private List<TypeElement> workflowsOf(RoundEnvironment round) {
    List<TypeElement> types = new ArrayList<>();
    for (Element element : round.getElementsAnnotatedWith(Workflow.class)) {
      if (element instanceof TypeElement type) {
        types.add(type);
      }
    }
    for (String name : deferred.keySet()) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null && !types.contains(type)) {
        types.add(type);
      }
    }
    types.sort(Comparator.comparing(t -> t.getQualifiedName().toString()));
    return types;
  }

  /** Whether a constructor or method signature names a type that does not exist (yet). */
  private static boolean refersToMissingTypes(TypeElement workflow) {
    for (Element member : workflow.getEnclosedElements()) {
      if (member.getKind() == ElementKind.METHOD || member.getKind() == ElementKind.CONSTRUCTOR) {
        ExecutableElement executable = (ExecutableElement) member;
        if (isMissing(executable.getReturnType())) {
          return true;
        }
        for (VariableElement parameter : executable.getParameters()) {
          if (isMissing(parameter.asType())) {
            return true;
          }
        }
      }
    }
    for (VariableElement field : ElementFilter.fieldsIn(workflow.getEnclosedElements())) {
      if (isMissing(field.asType())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isMissing(TypeMirror type) {
    return switch (type.getKind()) {
      case ERROR -> true;
      case DECLARED -> ((DeclaredType) type).getTypeArguments().stream()
          .anyMatch(DurableProcessor::isMissing);
      case ARRAY -> isMissing(((ArrayType) type).getComponentType());
      default -> false;
    };
  }
}
