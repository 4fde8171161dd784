package webroutes_test

import (
	"testing"

	"rehome/app"
	"rehome/internal/webroutes"
)

// TestEveryScreenIsRouted: a screen the server links to that the web app
// renamed or removed would send people to its not-found page.
func TestEveryScreenIsRouted(t *testing.T) {
	for _, screen := range app.Screens {
		t.Run(string(screen), func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("no route: %v", r)
				}
			}()
			webroutes.Pattern(string(screen))
		})
	}
}

func TestPath(t *testing.T) {
	tests := []struct {
		name string
		link app.Link
		want string
	}{
		{"fixed", app.Link{Screen: app.ScreenMyBuyers}, "/dashboard/mybuyers"},
		{"with an ID", app.Link{Screen: app.ScreenConversation, ID: 12}, "/dashboard/messages/12"},
		{"with a token", app.Link{Screen: app.ScreenResetPassword, Token: "a+b/c="}, "/reset-password?token=a%2Bb%2Fc%3D"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := webroutes.Path(tt.link); got != tt.want {
				t.Errorf("Path = %q, want %q", got, tt.want)
			}
		})
	}
	if got := webroutes.URL("https://market.example/")(app.Link{Screen: app.ScreenConfirmEmail, Token: "t"}); got != "https://market.example/confirm-email?token=t" {
		t.Errorf("URL = %q", got)
	}
}
