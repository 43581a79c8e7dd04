package dev.durable.processor.generation;

import com.palantir.javapoet.JavaFile;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;

/** PLACEHOLDER: replaced by the generation author. */
public final class SourceWriter {
  public SourceWriter(Filer filer, Messager messager) {}

  public void write(JavaFile file, Element originating) {}

  public static void writeServices(Filer filer, Set<String> classNames) {}
}
