package main

import (
	"os"
	"testing"
)

func TestZZWeb(t *testing.T) {
	s, err := measureWebApp(os.Getenv("DIST"), "home")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("entry %.1f route %.1f total %.1f css %.1f files %v", float64(s.entryJS)/1024, float64(s.routeJS)/1024, float64(s.entryJS+s.routeJS)/1024, float64(s.entryCSS)/1024, s.files)
}
