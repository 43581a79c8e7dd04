package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Types of step and run signatures that the generated classes, top-level in the same package,
 * cannot name: reported on the parameter or method instead of as "has private access" errors in
 * generated code.
 */
class TypeAccessValidationTest {

  @Test
  void privateTypesAndTypesNestedInPrivateClassesAtEveryPosition() {
    JavaFileObject source = fixture("types/PrivateTypes.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "step seal parameter 'secret' cannot be used: type"
                + " fixtures.validation.types.PrivateTypes.Secret is private, so the code generated"
                + " in its package cannot refer to it; make it package-private or public"
                + " [durable:type-private]")
        .inFile(source)
        .onLineContaining("String seal(Secret secret)");
    assertThat(compilation)
        .hadErrorContaining(
            "step open result cannot be used: type"
                + " fixtures.validation.types.PrivateTypes.Vault.Entry in"
                + " java.util.List<fixtures.validation.types.PrivateTypes.Vault.Entry> is nested in"
                + " private class PrivateTypes.Vault, so the code generated in its package cannot"
                + " refer to it; make PrivateTypes.Vault package-private or move the type out of it"
                + " [durable:type-enclosing-private]")
        .inFile(source)
        .onLineContaining("List<Vault.Entry> open(String key)");
    assertThat(compilation)
        .hadErrorContaining(
            "run parameter 'secrets' cannot be used: type"
                + " fixtures.validation.types.PrivateTypes.Secret in"
                + " fixtures.validation.types.PrivateTypes.Secret[] is private")
        .inFile(source)
        .onLineContaining("Secret run(Secret[] secrets)");
    assertThat(compilation)
        .hadErrorContaining(
            "run result cannot be used: type fixtures.validation.types.PrivateTypes.Secret is"
                + " private")
        .inFile(source)
        .onLineContaining("Secret run(Secret[] secrets)");
    assertThat(compilation)
        .hadErrorContaining(
            "step lock parameter 'entry' cannot be used: type"
                + " fixtures.validation.types.PrivateTypes.Vault.Entry is nested in private class"
                + " PrivateTypes.Vault")
        .inFile(source)
        .onLineContaining("String lock(Vault.Entry entry)");
    assertThat(compilation).hadErrorCount(5);
  }

  @Test
  void aProtectedTypeOfASuperclassInAnotherPackage() {
    JavaFileObject source = fixture("types/ProtectedTypes.java");
    Compilation compilation = compile(source, fixture("types/base/Base.java"));

    assertThat(compilation)
        .hadErrorContaining(
            "step read parameter 'data' cannot be used: type"
                + " fixtures.validation.types.base.Base.Data is protected in a class of another"
                + " package, so the code generated in package fixtures.validation.types cannot"
                + " refer to it; make it public [durable:type-protected]")
        .inFile(source)
        .onLineContaining("String read(Data data)");
    assertThat(compilation).hadErrorCount(1);
  }
}
