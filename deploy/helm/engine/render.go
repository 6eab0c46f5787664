package main

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/template"

	"github.com/Masterminds/semver"
	"sigs.k8s.io/yaml"
)

// KubeVersion is .Capabilities.KubeVersion.
type KubeVersion struct {
	Version string
	Major   string
	Minor   string
}

func (k KubeVersion) String() string     { return k.Version }
func (k KubeVersion) GitVersion() string { return k.Version }

// VersionSet is .Capabilities.APIVersions: group/version ("apps/v1") and group/version/kind entries.
type VersionSet []string

func (v VersionSet) Has(apiVersion string) bool {
	for _, known := range v {
		if known == apiVersion {
			return true
		}
	}
	return false
}

// Capabilities is what `helm template` reports of a cluster it does not see.
type Capabilities struct {
	KubeVersion KubeVersion
	APIVersions VersionSet
	HelmVersion map[string]string
}

// builtInAPIVersions are the group versions every supported cluster serves; --api-versions adds more.
var builtInAPIVersions = []string{
	"v1", "apps/v1", "batch/v1", "autoscaling/v1", "autoscaling/v2", "policy/v1",
	"networking.k8s.io/v1", "rbac.authorization.k8s.io/v1", "storage.k8s.io/v1",
	"coordination.k8s.io/v1", "discovery.k8s.io/v1", "events.k8s.io/v1", "scheduling.k8s.io/v1",
	"admissionregistration.k8s.io/v1", "apiextensions.k8s.io/v1", "apiregistration.k8s.io/v1",
	"certificates.k8s.io/v1", "node.k8s.io/v1", "authentication.k8s.io/v1", "authorization.k8s.io/v1",
}

func newCapabilities(version string, extra []string) (Capabilities, error) {
	parsed, err := semver.NewVersion(version)
	if err != nil {
		return Capabilities{}, fmt.Errorf("--kube-version %q is not a version: %w", version, err)
	}
	return Capabilities{
		KubeVersion: KubeVersion{
			Version: "v" + parsed.String(),
			Major:   strconv.FormatUint(parsed.Major(), 10),
			Minor:   strconv.FormatUint(parsed.Minor(), 10),
		},
		APIVersions: append(append(VersionSet{}, builtInAPIVersions...), extra...),
		HelmVersion: map[string]string{"Version": "v3", "GoVersion": "engine"},
	}, nil
}

// Release is .Release, for `helm template` (an install, revision 1).
func releaseOf(name, namespace string) map[string]interface{} {
	return map[string]interface{}{
		"Name": name, "Namespace": namespace, "Revision": 1,
		"IsInstall": true, "IsUpgrade": false, "Service": "Helm",
	}
}

// checkKubeVersion refuses a cluster version outside Chart.yaml's kubeVersion, as helm does.
func checkKubeVersion(chart *Chart, caps Capabilities) error {
	if chart.Metadata.KubeVersion == "" {
		return nil
	}
	constraint, err := semver.NewConstraint(chart.Metadata.KubeVersion)
	if err != nil {
		return fmt.Errorf("Chart.yaml: kubeVersion %q: %w", chart.Metadata.KubeVersion, err)
	}
	version, _ := semver.NewVersion(caps.KubeVersion.Version)
	if !constraint.Check(version) {
		return fmt.Errorf("chart requires kubeVersion: %s which is incompatible with Kubernetes %s",
			chart.Metadata.KubeVersion, caps.KubeVersion.Version)
	}
	return nil
}

// renderTemplates executes every template but the partials (_*), each with its own .Template.
func renderTemplates(chart *Chart, top map[string]interface{}, strict bool) (map[string]string, error) {
	root := template.New("gotpl").Option(missingKeyOption(strict)).Funcs(funcMap())
	bindIncludes(root, map[string]int{}, strict)
	names := sortedNames(chart.Templates)
	for _, name := range names {
		if _, err := root.New(name).Parse(chart.Templates[name]); err != nil {
			return nil, fmt.Errorf("parse error in %s", strings.TrimPrefix(err.Error(), "template: "))
		}
	}
	rendered := map[string]string{}
	for _, name := range names {
		if strings.HasPrefix(path.Base(name), "_") {
			continue
		}
		data := map[string]interface{}{}
		for key, value := range top {
			data[key] = value
		}
		data["Template"] = map[string]interface{}{"Name": name, "BasePath": path.Join(chart.Metadata.Name, "templates")}
		var out strings.Builder
		if err := root.ExecuteTemplate(&out, name, data); err != nil {
			return nil, execError(err)
		}
		rendered[name] = strings.ReplaceAll(out.String(), "<no value>", "")
	}
	return rendered, nil
}

// execError shortens fail/required errors to Helm's "execution error at (file:line:col): message".
func execError(err error) error {
	var exec template.ExecError
	if !errors.As(err, &exec) {
		return err
	}
	text := err.Error()
	for _, marker := range []string{"error calling fail: ", "error calling required: "} {
		if at := strings.LastIndex(text, marker); at >= 0 {
			location := strings.TrimPrefix(text, "template: ")
			if colon := strings.Index(location, ": "); colon >= 0 {
				location = location[:colon]
			}
			return fmt.Errorf("execution error at (%s): %s", location, text[at+len(marker):])
		}
	}
	return err
}

// Manifest is one YAML document of a rendered template.
type Manifest struct {
	Source  string
	Content string
	Kind    string
	Hook    bool
}

// installOrder is the order helm applies kinds in (and prints them in); unknown kinds go last.
var installOrder = []string{
	"PriorityClass", "Namespace", "NetworkPolicy", "ResourceQuota", "LimitRange", "PodSecurityPolicy",
	"PodDisruptionBudget", "ServiceAccount", "Secret", "SecretList", "ConfigMap", "StorageClass",
	"PersistentVolume", "PersistentVolumeClaim", "CustomResourceDefinition", "ClusterRole", "ClusterRoleList",
	"ClusterRoleBinding", "ClusterRoleBindingList", "Role", "RoleList", "RoleBinding", "RoleBindingList",
	"Service", "DaemonSet", "Pod", "ReplicationController", "ReplicaSet", "Deployment",
	"HorizontalPodAutoscaler", "StatefulSet", "Job", "CronJob", "IngressClass", "Ingress", "APIService",
	"MutatingWebhookConfiguration", "ValidatingWebhookConfiguration",
}

var documentSeparator = regexp.MustCompile(`(?:^|\s*\n)---\s*`)

// manifestsOf splits the rendered files into documents, drops empty ones, and orders them as helm
// template prints them: resources by kind, then hooks (helm.sh/hook) by kind.
func manifestsOf(rendered map[string]string) ([]Manifest, error) {
	var resources, hooks []Manifest
	for _, name := range sortedNames(rendered) {
		if strings.HasSuffix(name, "NOTES.txt") || strings.TrimSpace(rendered[name]) == "" {
			continue
		}
		for _, document := range documentSeparator.Split(strings.TrimSpace(rendered[name]), -1) {
			document = strings.TrimSpace(document)
			if document == "" {
				continue
			}
			var head struct {
				Kind     string `json:"kind"`
				Metadata struct {
					Annotations map[string]string `json:"annotations"`
				} `json:"metadata"`
			}
			if err := yaml.Unmarshal([]byte(document), &head); err != nil {
				return nil, fmt.Errorf("YAML parse error on %s: %w", name, err)
			}
			manifest := Manifest{Source: name, Content: document, Kind: head.Kind}
			if _, isHook := head.Metadata.Annotations["helm.sh/hook"]; isHook {
				manifest.Hook = true
				hooks = append(hooks, manifest)
			} else {
				resources = append(resources, manifest)
			}
		}
	}
	sortByKind(resources)
	sortByKind(hooks)
	return append(resources, hooks...), nil
}

func sortByKind(manifests []Manifest) {
	rank := map[string]int{}
	for i, kind := range installOrder {
		rank[kind] = i
	}
	sort.SliceStable(manifests, func(i, j int) bool {
		a, aKnown := rank[manifests[i].Kind]
		b, bKnown := rank[manifests[j].Kind]
		switch {
		case !aKnown && !bKnown:
			return manifests[i].Kind < manifests[j].Kind
		case !aKnown:
			return false
		case !bKnown:
			return true
		}
		return a < b
	})
}
