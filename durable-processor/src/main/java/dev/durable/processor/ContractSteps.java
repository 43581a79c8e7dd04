package dev.durable.processor;

import dev.durable.processor.generation.ContractGenerator;
import dev.durable.processor.generation.SourceWriter;
import dev.durable.processor.model.ContractModel;
import dev.durable.processor.model.ModelFactory;
import dev.durable.processor.reading.RawContract;
import dev.durable.processor.reading.WorkflowReader;
import dev.durable.processor.validation.ContractValidator;
import dev.durable.processor.validation.ValidationReport;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;

/**
 * What the processor does with each step contract (an interface whose methods carry {@code @Step},
 * served by workers): reads it once, validates it, and, if it has no errors, generates its {@code
 * Codecs}, {@code Dispatch} and {@code Worker} classes and lists them in the contract index.
 */
final class ContractSteps implements Pipeline.Steps {
  private final ProcessingEnvironment env;
  private final WorkflowReader reader;
  private final ContractValidator rules;
  private final SourceWriter writer;
  /** Every step contract's line of {@link SourceWriter#CONTRACT_INDEX}. */
  private final SortedSet<String> index = new TreeSet<>();

  ContractSteps(
      ProcessingEnvironment env, WorkflowReader reader, ContractValidator rules,
      SourceWriter writer) {
    this.env = env;
    this.reader = reader;
    this.rules = rules;
    this.writer = writer;
  }

  @Override
  public void process(TypeElement type, boolean generate) {
    RawContract raw = reader.readContract(type);
    ValidationReport report = rules.validateContract(raw);
    report.printTo(env.getMessager());
    if (generate && !report.hasErrors()) {
      generate(raw);
    }
  }

  /** Generates a valid contract's classes, and lists them in the contract index. */
  private void generate(RawContract raw) {
    ContractModel model = new ModelFactory(env).createContract(raw);
    for (var file : ContractGenerator.generate(model)) {
      writer.write(file, raw.type());
    }
    index.add(
        String.join(
            " ",
            model.contractClass().reflectionName(),
            model.dispatchClass().reflectionName(),
            model.workerClass().reflectionName()));
  }

  /** Every step contract's line of the index, sorted. */
  SortedSet<String> index() {
    return index;
  }
}
