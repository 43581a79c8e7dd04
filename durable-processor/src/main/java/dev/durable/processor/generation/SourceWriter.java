package dev.durable.processor.generation;

import com.palantir.javapoet.JavaFile;
import dev.durable.processor.messages.ProcessorMessages;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.SortedSet;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/**
 * Writes generated files through the {@link Filer}: each source file with the workflow or step
 * contract it was generated from as its originating element (so incremental builds know what to
 * regenerate), and the {@code META-INF/services} file and the indexes of generated classes once,
 * at the end.
 */
public final class SourceWriter {
  /** Where {@code ServiceLoader} finds the generated {@code Durable} classes. */
  public static final String SERVICES_FILE =
      "META-INF/services/dev.durable.runtime.spi.DurableWorkflow";

  /**
   * The index of every generated {@code Durable} class, whatever its constructors, one binary name
   * a line: what a container that creates them with constructor injection (the Spring Boot
   * starter) reads instead of scanning the class path.
   */
  public static final String WORKFLOW_INDEX = "META-INF/durable/workflows";

  /**
   * The index of step contracts, one a line: the contract's binary name, then its generated {@code
   * Dispatch} and {@code Worker} classes', separated by single spaces.
   */
  public static final String CONTRACT_INDEX = "META-INF/durable/step-contracts";

  /**
   * Where each workflow version's shape is written, as {@code <binary name of its Durable
   * class>.json}.
   */
  public static final String SHAPES = "META-INF/durable/shapes/";

  private final Filer filer;
  private final Messager messager;

  public SourceWriter(Filer filer, Messager messager) {
    this.filer = filer;
    this.messager = messager;
  }

  /**
   * Writes {@code file} as {@link GeneratedFiles#render} gives it; a failure (such as another class
   * that already has the generated name) is reported as an error on {@code originating}.
   */
  public void write(JavaFile file, Element originating) {
    String name =
        file.packageName().isEmpty()
            ? file.typeSpec().name()
            : file.packageName() + "." + file.typeSpec().name();
    try {
      JavaFileObject source = filer.createSourceFile(name, originating);
      try (Writer writer = source.openWriter()) {
        writer.write(GeneratedFiles.render(file));
      }
    } catch (IOException e) {
      messager.printMessage(
          Diagnostic.Kind.ERROR,
          ProcessorMessages.generatedWrite("the generated class " + name, e.getMessage()).text(),
          originating);
    }
  }

  /**
   * Writes the resource {@code path} with {@code text}, generated from {@code originating}; a
   * failure is reported as an error on it.
   */
  public void writeResource(String path, String text, Element originating) {
    try {
      FileObject resource =
          filer.createResource(StandardLocation.CLASS_OUTPUT, "", path, originating);
      try (Writer out =
          new OutputStreamWriter(resource.openOutputStream(), StandardCharsets.UTF_8)) {
        out.write(text);
      }
    } catch (IOException e) {
      messager.printMessage(Diagnostic.Kind.ERROR,
          ProcessorMessages.generatedWrite(path, e.getMessage()).text(), originating);
    }
  }

  /**
   * Writes the resource {@code path} with {@code lines}, one a line, in the set's (sorted) order;
   * writes nothing when there are none.
   */
  public static void writeLines(Filer filer, String path, SortedSet<String> lines)
      throws IOException {
    if (lines.isEmpty()) {
      return;
    }
    FileObject resource = filer.createResource(StandardLocation.CLASS_OUTPUT, "", path);
    try (Writer writer =
        new OutputStreamWriter(resource.openOutputStream(), StandardCharsets.UTF_8)) {
      for (String line : lines) {
        writer.write(line);
        writer.write('\n');
      }
    }
  }
}
