package dev.durable.spring.boot;

import dev.durable.spring.boot.GeneratedIndex.StepContract;
import java.beans.Introspector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.util.ClassUtils;

/**
 * Registers a bean for every class the processor listed in {@link GeneratedIndex}: each workflow's
 * generated {@code <Name>Durable} class, created by Spring through its constructor, so that a
 * workflow's dependencies are ordinary beans; and each step contract's {@code <Name>Dispatch}, the
 * implementation to give a workflow whose steps run on workers. A class the application already
 * declares a bean of is left to that bean.
 */
final class GeneratedBeansRegistrar implements ImportBeanDefinitionRegistrar, BeanClassLoaderAware {
  private static final Logger LOG = LoggerFactory.getLogger(GeneratedBeansRegistrar.class);

  private ClassLoader classLoader = ClassUtils.getDefaultClassLoader();

  @Override
  public void setBeanClassLoader(ClassLoader classLoader) {
    this.classLoader = classLoader;
  }

  @Override
  public void registerBeanDefinitions(
      AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
    GeneratedIndex index = new GeneratedIndex(classLoader);
    for (String workflow : index.workflows()) {
      register(registry, workflow);
    }
    for (StepContract contract : index.stepContracts()) {
      register(registry, contract.dispatch());
    }
  }

  private void register(BeanDefinitionRegistry registry, String className) {
    Class<?> type;
    try {
      type = ClassUtils.forName(className, classLoader);
    } catch (ClassNotFoundException | LinkageError e) {
      LOG.warn("Durable's index under META-INF/durable lists {}, which cannot be loaded ({}), and"
          + " is skipped; rebuild the project so that the index and the classes agree",
          className, e.toString());
      return;
    }
    if (registry instanceof ListableBeanFactory beans
        && beans.getBeanNamesForType(type, true, false).length > 0) {
      return;
    }
    RootBeanDefinition definition = new RootBeanDefinition(type);
    // the constructor with the most arguments Spring can satisfy, as the workflow class declares
    // it: the generated class mirrors the workflow's constructors, without their annotations
    definition.setAutowireMode(AutowireCapableBeanFactory.AUTOWIRE_CONSTRUCTOR);
    registry.registerBeanDefinition(beanName(registry, type), definition);
  }

  /** {@code checkoutWorkflowDurable}, or the class's full name if another bean has that name. */
  private static String beanName(BeanDefinitionRegistry registry, Class<?> type) {
    String simple = Introspector.decapitalize(type.getSimpleName());
    return registry.containsBeanDefinition(simple) ? type.getName() : simple;
  }
}
